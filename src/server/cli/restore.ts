/**
 * npm run restore -- <archive> [--force]: brings a backup back into DATA_DIR (embedded) or DATABASE_URL's database
 * (src/server/backup/restore.ts). Stop the server(s) first. An occupied target is refused unless --force, which keeps
 * the data there aside (a renamed folder or database) rather than deleting it.
 */
import { parseArgs } from 'node:util';
import { readDbConfig } from '../config.js';
import { restoreArchive } from '../backup/restore.js';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  const [archive] = positionals;
  if (!archive || positionals.length > 1) throw new Error('Usage: npm run restore -- <archive.tar> [--force]');
  const restored = await restoreArchive(archive, readDbConfig(), { force: values.force });
  const m = restored.manifest;
  console.log(
    [
      `Restored ${archive} (taken ${m.created} by version ${m.product.version}) in ${(restored.ms / 1000).toFixed(1)} s.`,
      `  checksum verified; ${Object.keys(m.tables).length} tables, ${restored.rows} rows, as the backup counted them`,
      restored.migrated > 0 ? `  ${restored.migrated} newer migrations applied` : '  no migration needed',
      `  ${restored.sessionsEnded} sign-ins of the archive ended: everyone signs in again`,
      ...(restored.keptAside ? [`  the data that was there is kept aside as ${restored.keptAside}`] : []),
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
