import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writePgliteDumps } from './seeded-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSeededDump: string;
    pgliteMigratedDump: string;
    pgliteClusterDump: string;
  }
}

/** The PGlite API run's new cluster, migrated and seeded databases, dumped once (see seeded-database.ts). */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-seeded-'));
  const cluster = path.join(dir, 'cluster.tar');
  const migrated = path.join(dir, 'migrated.tar');
  const seeded = path.join(dir, 'seeded.tar');
  await writePgliteDumps(cluster, migrated, seeded);
  project.provide('pgliteClusterDump', cluster);
  project.provide('pgliteMigratedDump', migrated);
  project.provide('pgliteSeededDump', seeded);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
