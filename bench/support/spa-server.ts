/** The production build served by the real server (`npm start`'s entry) on an embedded database of its own. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startServerProcess, type ServerProcess } from '../../tests/support/server-process.js';

/** Builds the SPA into dist/ unless it is there (or `rebuild`). */
export function ensureBuilt(rebuild = false): string {
  const dist = path.join(ROOT, 'dist');
  if (rebuild || !fs.existsSync(path.join(dist, 'index.html'))) {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
  return dist;
}

/** Builds the stack's floor (bench/spa-floor: Refine and antd's smallest list screen) with the product's Vite config. */
export function buildFloor(): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-floor-'));
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', 'bench/spa-floor', '--config', 'vite.config.ts', '--outDir', out, '--emptyOutDir'],
    { cwd: ROOT, stdio: 'ignore' },
  );
  return out;
}

/** A copy of a build without its .br/.gz files: the same app as served before precompression (the baseline). */
export function uncompressedCopy(dist: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-plain-'));
  fs.cpSync(dist, copy, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  return copy;
}

/** The SPA served by the real server; `demo`: on the demo data (signed-in screens), else an empty database. */
export async function serveSpa(spaDir: string, { demo = false } = {}): Promise<ServerProcess & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-bench-'));
  const server = await startServerProcess({ SERVE_SPA: '1', SPA_DIR: spaDir, DATA_DIR: dataDir, PORT: '0', SEED_DEMO: demo ? '1' : '0' });
  return {
    ...server,
    dataDir,
    stop: async (signal) => {
      const code = await server.stop(signal);
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
