import { spawn, execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, findChromium } from './e2e-chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    /** The SPA built for the run: a test that starts servers of its own (on PostgreSQL) serves it too. */
    e2eSpaDir: string;
    /** The server's BACKUP_DIR: a test may take it away to see a failed backup shown. */
    e2eBackupDir: string;
    /** The run's one Chromium, which every file connects to (a launch per file cost a second or two of both cores). */
    e2eBrowserEndpoint: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
/** Built into the SPA of the run, so a test can find it on the landing page. */
export const E2E_SUPPORT_EMAIL = 'help@e2e.grocery.test';

async function buildSpa(outDir: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: root,
      // vitest sets NODE_ENV=test; the e2e tests must drive the production build that users get.
      env: { ...process.env, NODE_ENV: 'production', VITE_API_URL: '/api', VITE_SUPPORT_EMAIL: E2E_SUPPORT_EMAIL },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

function startServer(spaDir: string, dataDir: string, backupDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    // Setting → Backups (issue 35) has a folder of archives, beside the data folder, never in it.
    BACKUP_DIR: backupDir,
    SEED_DEMO: '1',
    PASSWORD_HASH_COST: 'low',
    LOGIN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    E2E_SPA_DIR: spaDir,
  };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/support/e2e-server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`The e2e server did not start within 90 s:\n${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /E2E_SERVER_READY (\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({ url: ready[1]!, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The e2e server exited with code ${code}:\n${output}`));
    });
  });
}

/** Once per run: build the SPA, start the real server on a fresh embedded database, hand its URL to the tests. */
export default async function setup(project: TestProject) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grocery-e2e-'));
  const spaDir = path.join(workDir, 'spa');
  await buildSpa(spaDir);
  const backupDir = path.join(workDir, 'backups');
  const server = await startServer(spaDir, path.join(workDir, 'data'), backupDir);
  project.provide('e2eBaseUrl', server.url);
  project.provide('e2eSpaDir', spaDir);
  project.provide('e2eBackupDir', backupDir);
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: apt-get install chromium (or set CHROMIUM_PATH)');
  const browser = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
