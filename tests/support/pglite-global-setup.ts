import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeSeededPgliteDump } from './seeded-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSeededDump: string;
  }
}

/** The PGlite API run's seeded database, dumped once (see seeded-database.ts). */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-seeded-'));
  const file = path.join(dir, 'seeded.tar');
  await writeSeededPgliteDump(file);
  project.provide('pgliteSeededDump', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
