import type { QueryRows } from '../db/functions.js';
import { databaseMigrations, knownMigrations, type MigrationLevel } from '../db/migration-level.js';
import { migrationsFolder } from '../db/client.js';

export type Inspection = {
  engine: string;
  tables: Record<string, number>;
  images: { count: number; bytes: number };
  migrations: MigrationLevel;
};

/** Where a database's images are: said in every manifest, since an archive has no image files of its own. */
export const IMAGES_STORED = 'in the database (table images, bytea): inside the database file of this archive';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * What a backup records of a database, and what a restore checks again: its engine, the rows of every table of the
 * product's schemas (public, and drizzle's record of the migrations), its images and its migration level.
 */
export async function inspectDatabase(query: QueryRows): Promise<Inspection> {
  const [{ engine }] = (await query<{ engine: string }>('select version() as engine')) as [{ engine: string }];
  const names = await query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const tables: Record<string, number> = {};
  if (names.length) {
    const counts = await query<{ name: string; rows: string }>(
      names.map((t) => `select '${t.schema}.${t.name}' as name, count(*)::text as rows from ${quote(t.schema)}.${quote(t.name)}`).join(' union all '),
    );
    for (const c of counts) tables[c.name] = Number(c.rows);
  }
  const [images] = await query<{ count: string; bytes: string }>('select count(*)::text as count, coalesce(sum(size), 0)::text as bytes from images');
  return {
    engine,
    tables,
    images: { count: Number(images?.count ?? 0), bytes: Number(images?.bytes ?? 0) },
    migrations: await databaseMigrations(query, knownMigrations(migrationsFolder)),
  };
}
