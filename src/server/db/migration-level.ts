import fs from 'node:fs';
import path from 'node:path';
import type { QueryRows } from './functions.js';

/**
 * How far a database's schema has been migrated, as drizzle records it: one row per applied migration in
 * `drizzle.__drizzle_migrations`, whose `created_at` is the migration's `when` in the journal
 * (migrations/meta/_journal.json). Drizzle applies the journal's migrations newer than the last one recorded, so a
 * database migrated by a NEWER version of the product would be used as it is, silently, by an older one: start-up and
 * restore compare levels first and refuse that.
 */
export type MigrationLevel = {
  /** Migrations applied (database) or known (this version). */
  count: number;
  /** The newest one's `when` (ms since 1970); 0 when there is none. */
  lastWhen: number;
  /** Its name ('0022_live_ledger_cursor'); the database records only its hash and time, so null there. */
  lastTag: string | null;
};

type Journal = { entries: { when: number; tag: string }[] };

/** The migrations this version of the product ships, and the name of each by its `when`. */
export type KnownMigrations = MigrationLevel & { tags: ReadonlyMap<number, string> };

export function knownMigrations(migrationsFolder: string): KnownMigrations {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.at(-1);
  return {
    count: journal.entries.length,
    lastWhen: last?.when ?? 0,
    lastTag: last?.tag ?? null,
    tags: new Map(journal.entries.map((e) => [e.when, e.tag])),
  };
}

/** The level of a database (count 0 for a new, empty one); its last migration named when this version knows it. */
export async function databaseMigrations(query: QueryRows, known?: KnownMigrations): Promise<MigrationLevel> {
  const [table] = await query<{ exists: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!table?.exists) return { count: 0, lastWhen: 0, lastTag: null };
  const [row] = await query<{ count: number; last: string | null }>(
    'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const lastWhen = Number(row?.last ?? 0);
  return { count: row?.count ?? 0, lastWhen, lastTag: known?.tags.get(lastWhen) ?? null };
}

const dated = (when: number) => new Date(when).toISOString().slice(0, 19).replace('T', ' ');
export const describeLevel = (level: MigrationLevel) =>
  level.count === 0 ? 'no migration' : `${level.count} migrations, the last ${level.lastTag ? `${level.lastTag} ` : ''}of ${dated(level.lastWhen)} UTC`;

/** True when `level` holds a migration this version does not know (made by a newer version). */
export const isNewer = (level: MigrationLevel, known: MigrationLevel) => level.lastWhen > known.lastWhen;

/** Start-up's refusal of a database a newer version migrated (thrown before any migration runs). */
export function assertNotNewer(level: MigrationLevel, known: MigrationLevel, what = 'The database'): void {
  if (!isNewer(level, known)) return;
  throw new Error(
    `${what} was migrated by a newer version of the product (${describeLevel(level)}); this version knows ${describeLevel(known)}. ` +
      'Run the newer version, or restore a backup made by this version (npm run restore).',
  );
}
