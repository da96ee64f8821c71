import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BackupSettings } from '../config.js';
import type { Database } from '../db/client.js';
import type { AppMetrics } from '../metrics/metrics.js';
import { backupService, type BackupService } from './backup-service.js';
import { serveControlSocket } from './control-socket.js';

/**
 * A server's backups: the service (routes read it), its schedule from the start, the control socket of an embedded
 * database (npm run backup asks this process), and the backups' age and last result among the metrics.
 */
export async function serveBackups(app: FastifyInstance, database: Database, settings: BackupSettings, metrics: AppMetrics): Promise<BackupService> {
  const backups = backupService(database, settings, app.log);
  const origin = database.origin;
  const stopSocket =
    origin.kind === 'pglite' && origin.dataDir
      ? await serveControlSocket(
          origin.dataDir,
          async ({ dir }) => {
            const backup = await backups.run('requested', dir ? path.resolve(dir) : undefined);
            return { name: backup.name, file: backup.file, bytes: backup.bytes, ms: backup.ms, blockedMs: backup.blockedMs, manifest: backup.manifest };
          },
          app.log,
        )
      : async () => {};
  app.addHook('onReady', (done) => {
    backups.start();
    done();
  });
  app.addHook('preClose', async () => {
    await stopSocket();
    await backups.stop();
  });
  if (settings.dir) {
    metrics.addGauge('backup_last_success_age_seconds', 'Seconds since the newest backup in BACKUP_DIR was taken (none: no backup yet)', () => {
      const last = backups.status().last;
      return last ? (Date.now() - last.created.getTime()) / 1000 : null;
    });
    metrics.addGauge('backup_last_run_failed', '1 when the last backup failed (until one succeeds), else 0', () => (backups.status().failure ? 1 : 0));
  }
  return backups;
}
