import crypto from 'node:crypto';
import pg from 'pg';
import { findPostgresBin, startCluster, type Cluster } from '../../tests/support/postgres-cluster.js';
import { startServerProcess, type ServerProcess } from '../../tests/support/server-process.js';

/** A database named bench on a fresh cluster: its URL. */
export async function createBenchDatabase(cluster: Cluster): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  return cluster.url('bench');
}

export type BenchProcesses = {
  /** The PostgreSQL binaries' folder (pgbench is there). */
  bin: string;
  /** The bench database's URL, for the bench's own connections. */
  url: string;
  /** The secret the processes sign tokens with: the bench signs its own. */
  secret: string;
  servers: ServerProcess[];
  stop: () => Promise<void>;
};

/**
 * A throwaway PostgreSQL cluster, a fresh database with the demo data, and two real API processes on it, started one
 * after the other (the first seeds, the second finds the data there): the setup of the benches of many processes.
 */
export async function startBenchProcesses(env: Record<string, string> = {}): Promise<BenchProcesses> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (apt-get install postgresql, or set PG_BIN)');
  const cluster = await startCluster(bin);
  const servers: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    cluster.stop();
  };
  try {
    const url = await createBenchDatabase(cluster);
    const secret = crypto.randomBytes(24).toString('hex');
    const base = { DATABASE_URL: url, JWT_SECRET: secret, PORT: '0', LOG_LEVEL: 'error', ...env };
    servers.push(await startServerProcess({ ...base, SEED_DEMO: '1' }));
    servers.push(await startServerProcess({ ...base, SEED_DEMO: '0' }));
    return { bin, url, secret, servers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
