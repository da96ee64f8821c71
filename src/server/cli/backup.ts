/**
 * npm run backup [-- --out <folder>]: one archive of everything the product needs to come back (docs/operations.md),
 * into --out, else BACKUP_DIR, else ./backups.
 * - PostgreSQL (DATABASE_URL): pg_dump of one snapshot; the API processes keep running.
 * - The embedded database (DATA_DIR): a running server holds it, so the server takes the backup, asked through its
 *   control socket; with no server running, this process opens the data folder itself (and holds it meanwhile).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readBackupSettings, readDbConfig } from '../config.js';
import { acquireDataDirLock } from '../db/data-dir-lock.js';
import { askServerForBackup } from '../backup/control-socket.js';
import { pruneArchives, takeBackup, type Backup } from '../backup/take-backup.js';

type Summary = Pick<Backup, 'file' | 'bytes' | 'ms' | 'blockedMs' | 'manifest'>;

async function backupEmbedded(dataDir: string, out: string): Promise<{ summary: Summary; by: string }> {
  const asked = await askServerForBackup(dataDir, out);
  if (asked) {
    if (asked.status !== 200) throw new Error(String(asked.body.message));
    return { summary: asked.body as unknown as Summary, by: 'the running server' };
  }
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
    try {
      return { summary: await takeBackup({ kind: 'pglite', client, dataDir }, out), by: 'this process (no server was running)' };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const settings = readBackupSettings();
  const out = path.resolve(values.out ?? settings.dir ?? './backups');
  const db = readDbConfig();
  const { summary, by } =
    db.kind === 'postgres' ? { summary: await takeBackup({ kind: 'postgres', url: db.url }, out), by: 'pg_dump' } : await backupEmbedded(db.dataDir!, out);
  const m = summary.manifest;
  const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
  console.log(
    [
      `Backup written: ${summary.file}`,
      `  ${(summary.bytes / 1e6).toFixed(1)} MB in ${(summary.ms / 1000).toFixed(1)} s, by ${by}` +
        (summary.blockedMs === null ? '' : `; the database was busy with it for ${Math.round(summary.blockedMs)} ms`),
      `  ${Object.keys(m.tables).length} tables, ${rows} rows, ${m.images.count} images; product ${m.product.version}, ${m.migrations.count} migrations`,
    ].join('\n'),
  );
  // Retention for the folder the schedule uses (a timer running this command, say, for PostgreSQL).
  if (settings.dir === out && process.env.BACKUP_KEEP) {
    const deleted = pruneArchives(out, settings.keep);
    if (deleted.length) console.log(`  kept the newest ${settings.keep}; deleted ${deleted.join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
