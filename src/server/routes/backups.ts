import fs from 'node:fs';
import { backupList, backupNameParam, backupTaken } from '../../domain/schemas/backup.js';
import type { BackupStatus } from '../backup/backup-service.js';
import type { ArchiveEntry } from '../backup/take-backup.js';
import { notFound } from '../http/errors.js';
import { created } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';

const tags = ['backups'];
const entry = (a: ArchiveEntry) => ({ name: a.name, bytes: a.bytes, created: a.created.toISOString() });

export const statusAnswer = (s: BackupStatus) => ({
  configured: s.configured,
  every_seconds: s.everyMs === null ? null : s.everyMs / 1000,
  keep: s.keep,
  running: s.running,
  last: s.last && entry(s.last),
  failure: s.failure,
  next: s.next?.toISOString() ?? null,
});

/**
 * Setting → Backups (issue 35): the archives in BACKUP_DIR, a backup now, and one archive's download, streamed from its
 * file (never held in memory). Each needs its own 'backups' permission (admin only by default): an archive holds every
 * record, password hash and refresh-token hash of the business.
 */
export const backupRoutes: RouteModule = (app, { backups }) => {
  app.get('/backups', { config: { access: { resource: 'backups', action: 'list' } }, schema: { tags, response: { 200: backupList } } }, async () => {
    const list = backups.list();
    return { data: list.map(entry), total: list.length, status: statusAnswer(backups.status()) };
  });

  app.post(
    '/backups',
    { config: { access: { resource: 'backups', action: 'create' } }, schema: { tags, response: { ...created } } },
    async (_request, reply) => {
      const backup = await backups.run('requested');
      const answer = backupTaken.parse({
        name: backup.name,
        bytes: backup.bytes,
        created: backup.manifest.created,
        seconds: Math.round(backup.ms) / 1000,
        blocked_ms: backup.blockedMs === null ? null : Math.round(backup.blockedMs),
      });
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/backups/:name',
    { config: { access: { resource: 'backups', action: 'download' } }, schema: { tags, params: backupNameParam } },
    async (request, reply) => {
      const file = backups.file(request.params.name);
      if (!file) throw notFound('Backup');
      return reply
        .header('content-type', 'application/x-tar')
        .header('content-length', String(fs.statSync(file).size))
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(fs.createReadStream(file));
    },
  );
};
