import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupSettings } from '../config.js';
import type { Database } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { archiveTime } from './archive.js';
import { listArchives, pruneArchives, takeBackup, type ArchiveEntry, type Backup, type BackupSource } from './take-backup.js';

export type BackupFailure = { at: string; message: string };
export type BackupStatus = {
  /** BACKUP_DIR is set: this server takes and lists backups. */
  configured: boolean;
  everyMs: number | null;
  keep: number;
  running: boolean;
  last: ArchiveEntry | null;
  /** The last run failed (cleared by the next success): what happened. */
  failure: BackupFailure | null;
  next: Date | null;
};

const FAILURE_FILE = 'last-failure.json';
/** After a failure the schedule tries again sooner than its period. */
const RETRY_MS = 15 * 60_000;
/** setTimeout's longest wait. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What this process can back up: a PostgreSQL database, or the embedded one it holds (none when that lives in memory). */
export function backupSourceOf(database: Database): BackupSource | null {
  const origin = database.origin;
  if (origin.kind === 'postgres') return origin;
  return origin.dataDir ? { kind: 'pglite', client: origin.client, dataDir: origin.dataDir } : null;
}

/**
 * The server's backups (issue 35): one at a time, into BACKUP_DIR, on request (Setting → Backups, npm run backup through
 * the control socket) and on BACKUP_EVERY's schedule, keeping BACKUP_KEEP archives. Each run is logged; a failed run is
 * written beside the archives (last-failure.json), so every process sharing the folder, the health check and the
 * dashboard see it after a restart too, until a run succeeds.
 */
export function backupService(database: Database, settings: BackupSettings, log: FastifyBaseLogger) {
  const source = backupSourceOf(database);
  const startedAt = Date.now();
  let running: Promise<Backup> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let next: Date | null = null;
  let stopped = false;

  const failureFile = () => settings.dir && path.join(settings.dir, FAILURE_FILE);
  // A failure this process saw but could not write down (BACKUP_DIR cannot be made or written: a missing disk, a file
  // in its place): still shown, by this process, until a run succeeds.
  let unrecorded: BackupFailure | null = null;
  function failure(): BackupFailure | null {
    const file = failureFile();
    let recorded: BackupFailure | null = null;
    try {
      if (file) recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupFailure;
    } catch {
      // None written down, or the folder unreadable: only what this process kept.
    }
    if (!recorded || !unrecorded) return recorded ?? unrecorded;
    return Date.parse(unrecorded.at) > Date.parse(recorded.at) ? unrecorded : recorded;
  }

  function schedule(): void {
    clearTimeout(timer);
    next = null;
    if (stopped || !settings.everyMs || !settings.dir || !source) return;
    const lastSuccess = listArchives(settings.dir)[0]?.created.getTime() ?? startedAt;
    const failedAt = failure() ? Date.parse(failure()!.at) : 0;
    const due = failedAt > lastSuccess ? failedAt + Math.min(settings.everyMs, RETRY_MS) : lastSuccess + settings.everyMs;
    next = new Date(Math.max(Date.now(), due));
    timer = setTimeout(() => void run('scheduled').catch(() => {}), Math.min(MAX_TIMER_MS, next.getTime() - Date.now()));
    timer.unref();
  }

  /** Takes a backup now: into `dir` (npm run backup --out), else BACKUP_DIR, which alone keeps BACKUP_KEEP and records failures. */
  async function run(trigger: 'scheduled' | 'requested', dir: string | null = settings.dir): Promise<Backup> {
    if (!source) throw new HttpError(409, 'This server keeps its database in memory: there is nothing on disk to back up.');
    if (!dir) throw new HttpError(409, 'Backups are not set up on this server: set BACKUP_DIR (see docs/operations.md).');
    if (running) throw new HttpError(409, 'A backup is already running: wait for it to finish.');
    const ours = dir === settings.dir;
    running = takeBackup(source, dir);
    try {
      const backup = await running;
      log.info(
        { backup: backup.name, bytes: backup.bytes, ms: Math.round(backup.ms), blockedMs: backup.blockedMs && Math.round(backup.blockedMs), trigger },
        'backup written',
      );
      if (ours) {
        unrecorded = null;
        fs.rmSync(path.join(dir, FAILURE_FILE), { force: true });
        const pruned = pruneArchives(dir, settings.keep);
        if (pruned.length) log.info({ deleted: pruned, keep: settings.keep }, 'old backups deleted');
      }
      return backup;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, trigger }, 'backup failed');
      if (ours) {
        const failed: BackupFailure = { at: new Date().toISOString(), message };
        try {
          fs.mkdirSync(dir, { recursive: true });
          fs.writeFileSync(path.join(dir, FAILURE_FILE), JSON.stringify(failed));
          unrecorded = null;
        } catch (unwritable) {
          unrecorded = failed;
          log.error({ err: unwritable }, 'the backup failure could not be recorded in BACKUP_DIR');
        }
      }
      throw new HttpError(500, `The backup failed: ${message}`);
    } finally {
      running = null;
      schedule();
    }
  }

  return {
    run,
    status(): BackupStatus {
      return {
        configured: settings.dir !== null && source !== null,
        everyMs: settings.everyMs,
        keep: settings.keep,
        running: running !== null,
        last: settings.dir ? (listArchives(settings.dir)[0] ?? null) : null,
        failure: failure(),
        next,
      };
    },
    list: (): ArchiveEntry[] => (settings.dir ? listArchives(settings.dir) : []),
    /** The file of an archive in BACKUP_DIR, by its name (only a name of ours: never a path). */
    file(name: string): string | null {
      if (!settings.dir || !archiveTime(name)) return null;
      const file = path.join(settings.dir, name);
      return fs.existsSync(file) ? file : null;
    },
    start: schedule,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

export type BackupService = ReturnType<typeof backupService>;
