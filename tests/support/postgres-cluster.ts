import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where the PostgreSQL server binaries are, or null when this machine has none. */
export function findPostgresBin(): string | null {
  const candidates = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'];
  for (const dir of candidates) if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres'))) return dir;
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return found ? path.dirname(fs.realpathSync(found)) : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

/** initdb refuses to run as root: run the server's commands as the postgres user then. */
function runAsOwner(bin: string, args: string[]): void {
  if (isRoot()) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}

export type Cluster = { url: (database?: string) => string; stop: () => void };

/** A throwaway PostgreSQL cluster in a temp dir on a free loopback port, tuned for tests (no fsync). */
export async function startCluster(bin: string): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgtest-'));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const port = await freePort();
  runAsOwner(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    '-c shared_buffers=128MB',
  ].join(' ');
  runAsOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  let stopped = false;
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        runAsOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
