import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type PgTool = { path: string; major: number; version: string };

const versionOf = (dir: string) => Number(/postgresql\/(\d+)\/bin$/.exec(dir)?.[1] ?? 0);

/** Folders that may hold pg_dump and pg_restore, first choice first: PG_BIN, then PATH, then Debian's, newest first. */
function candidates(env: NodeJS.ProcessEnv): string[] {
  const debian = fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .map((v) => path.join('/usr/lib/postgresql', v, 'bin'))
        .sort((a, b) => versionOf(b) - versionOf(a))
    : [];
  return [env.PG_BIN, ...(env.PATH ?? '').split(path.delimiter), ...debian].filter((d): d is string => !!d);
}

/**
 * pg_dump or pg_restore of this machine, at least as new as the server (pg_dump refuses a newer server; pg_restore reads
 * only archives of its own version or older). An error that says what to install when there is none.
 */
export async function findPgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number, env: NodeJS.ProcessEnv = process.env): Promise<PgTool> {
  const found: PgTool[] = [];
  for (const dir of candidates(env)) {
    const file = path.join(dir, name);
    if (!fs.existsSync(file) || found.some((f) => f.path === file)) continue;
    const { stdout } = await run(file, ['--version']);
    const version = stdout.trim();
    found.push({ path: file, version, major: Number(/(\d+)(\.\d+)?/.exec(version)?.[1] ?? 0) });
  }
  const usable = found.filter((t) => t.major >= serverMajor).sort((a, b) => a.major - b.major)[0];
  if (usable) return usable;
  const install = `Install the PostgreSQL ${serverMajor} client programs (Debian/Ubuntu: apt-get install postgresql-client-${serverMajor}), or set PG_BIN to the folder that holds ${name}.`;
  if (found.length === 0) throw new Error(`${name} was not found on this machine (looked in PG_BIN, PATH and /usr/lib/postgresql). ${install}`);
  throw new Error(`${name} here is too old for a PostgreSQL ${serverMajor} server (${found.map((f) => f.version).join(', ')}). ${install}`);
}

/**
 * libpq's connection settings for a tool: the address without its password, which goes in PGPASSWORD instead (a
 * command line can be read by anyone on the machine).
 */
export function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  return { dbname: address.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a tool on a database to its end; its standard error in the error when it fails. */
export async function runTool(tool: PgTool, url: string, args: string[]): Promise<void> {
  const { dbname, env } = connectionOf(url);
  try {
    await run(tool.path, [...args, `--dbname=${dbname}`], { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...env } });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${path.basename(tool.path)} failed: ${stderr || (error as Error).message}`);
  }
}
