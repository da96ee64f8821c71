import pg from 'pg';
import { inspectDatabase, type Inspection } from './inspect.js';
import { findPgTool, runTool } from './postgres-tools.js';

export const serverMajor = async (client: pg.Client) =>
  Math.floor(Number((await client.query<{ v: string }>('show server_version_num')).rows[0]!.v ?? 0) / 10000);

export const queryOn =
  (client: pg.Client | pg.PoolClient) =>
  async <T>(text: string): Promise<T[]> =>
    (await client.query(text)).rows as T[];

/**
 * pg_dump in its custom format, of one snapshot: a read-only repeatable-read transaction exports its snapshot, counts
 * the rows in it, and pg_dump dumps that same snapshot, so the manifest's counts are the dump's. Writers are never
 * blocked (MVCC); only a schema change waits for the dump.
 */
export async function dumpPostgres(url: string, file: string): Promise<Inspection & { tool: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tool = await findPgTool('pg_dump', await serverMajor(client));
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows as [{ snapshot: string }];
    const inspection = await inspectDatabase(queryOn(client));
    await runTool(tool, url, ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`]);
    await client.query('commit');
    return { ...inspection, tool: tool.version };
  } finally {
    await client.end();
  }
}
