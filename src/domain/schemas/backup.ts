import { z } from 'zod';

/** One backup archive in BACKUP_DIR. */
export const backupEntry = z.object({
  name: z.string(),
  bytes: z.number().int(),
  /** When it was taken (its name says so too). */
  created: z.string(),
});

/** GET /api/backups: the archives, newest first, and how backups stand on this server. */
export const backupList = z.object({
  data: z.array(backupEntry),
  total: z.number().int(),
  status: z.object({
    /** BACKUP_DIR is set (and the database is on disk): this server takes and lists backups. */
    configured: z.boolean(),
    /** BACKUP_EVERY in seconds; null: no schedule. */
    every_seconds: z.number().nullable(),
    keep: z.number().int(),
    running: z.boolean(),
    last: backupEntry.nullable(),
    /** The last run failed, and how (cleared by the next success). */
    failure: z.object({ at: z.string(), message: z.string() }).nullable(),
    next: z.string().nullable(),
  }),
});

/** POST /api/backups: the archive just written, how long it took and how long the database was busy with it. */
export const backupTaken = backupEntry.extend({ seconds: z.number(), blocked_ms: z.number().nullable() });

/** A backup's name in a path: only names the server gives its archives (never a path). */
export const backupNameParam = z.object({
  name: z
    .string()
    .regex(/^grocery-backup-[0-9TZ-]+\.tar$/, 'name: not the name of a backup')
    .meta({ example: 'grocery-backup-2026-11-27T06-00-00-000Z.tar' }),
});

export type BackupEntry = z.infer<typeof backupEntry>;
export type BackupList = z.infer<typeof backupList>;
export type BackupTaken = z.infer<typeof backupTaken>;
