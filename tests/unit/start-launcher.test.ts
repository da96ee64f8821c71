import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, startServerProcess, type ServerProcess } from '../support/server-process.js';

/** `npm start`'s entry: the launcher that runs the server bundle, (re)building it when needed. */
const NPM_START = ['src/server/cli/start.mjs'];
const bundle = path.join(ROOT, 'build/server/main.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-launcher-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startServerProcess({ DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0' }, 180_000, ROOT, NPM_START);

describe('npm start', () => {
  it('builds the server bundle when a source file is newer than it, runs it with plain node, and starts from it again without building', async () => {
    // Whatever build/ holds, a source file edited now makes the bundle stale.
    const source = path.join(ROOT, 'src/server/config.ts');
    const now = new Date();
    fs.utimesSync(source, now, now);

    server = await start();
    expect(server.output()).toMatch(/Building the server bundle/);
    expect(server.output()).not.toMatch(/running it from source/);
    expect(fs.statSync(bundle).mtimeMs).toBeGreaterThanOrEqual(now.getTime() - 1000);
    expect(fs.existsSync(path.join(ROOT, 'build/pgdata-template/template-key.json'))).toBe(true);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await server.stop()).toBe(0);

    server = await start();
    expect(server.output()).not.toMatch(/Building|running it from source/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 360_000); // a build (bundle and database template) and two starts, on a loaded CI machine
});
