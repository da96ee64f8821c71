/**
 * The copy step of an online backup of the embedded database (src/server/backup/pglite-snapshot.ts), in a process of
 * its own: the server's event loop is held by each of the database's statements, so a copy made there, one file per
 * turn of that loop, took minutes under load; here it is a plain synchronous copy of a few seconds at most.
 *
 *   node src/server/cli/backup-copy.mjs <data folder (pgdata)> <copy>
 *
 * Plain JavaScript, so that it starts at once (no TypeScript to compile). Leaves out what pg_basebackup leaves out: the
 * server's own state and WAL (copied apart, after pg_backup_stop); the folders rebuilt at start are copied empty.
 */
import fs from 'node:fs';
import path from 'node:path';

const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts', 'pg_wal', 'backup_label', 'tablespace_map']);
const COPIED_EMPTY = new Set(['pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_replslot']);

/** @param {string} from @param {string} to @param {boolean} top */
function copyTree(from, to, top) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (top && NOT_COPIED.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && COPIED_EMPTY.has(entry.name)) fs.mkdirSync(target, { recursive: true });
      else copyTree(source, target, false);
      continue;
    }
    try {
      fs.copyFileSync(source, target);
    } catch (error) {
      // A file the database drops while it is copied (a rewritten table's old one) is not needed: WAL says so.
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    }
  }
}

const [from, to] = process.argv.slice(2);
if (!from || !to) throw new Error('usage: backup-copy.mjs <data folder> <copy>');
copyTree(from, to, true);
