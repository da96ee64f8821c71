import type { TestProject } from 'vitest/node';
import { findPostgresBin, startCluster } from './postgres-cluster.js';
import { createPostgresTemplates } from './seeded-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole test run; every test file gets a database of its own on it, a copy of the seeded
 * template when it wants demo data, else of the migrated one (see seeded-database.ts).
 */
export default async function setup(project: TestProject) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (set PG_BIN)');
  const cluster = await startCluster(bin);
  try {
    await createPostgresTemplates(cluster.url());
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide('pgUrl', cluster.url());
  return () => cluster.stop();
}
