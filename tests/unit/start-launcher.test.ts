import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * The launcher in a checkout of its own whose builds are stand-ins: `vite build` and build-server.ts write what the
 * launcher looks at and say so, the 'bundle' says it ran. What the launcher decides to build is then all that is seen.
 */
describe('npm start: what it rebuilds', () => {
  let checkout: string;
  const file = (name: string, text = '') => {
    fs.mkdirSync(path.dirname(path.join(checkout, name)), { recursive: true });
    fs.writeFileSync(path.join(checkout, name), text);
  };
  const touch = (name: string, at = new Date()) => fs.utimesSync(path.join(checkout, name), at, at);
  /** The launcher's output, stdout and stderr. */
  const launch = (env: Record<string, string> = {}) => {
    const result = spawnSync(process.execPath, ['src/server/cli/start.mjs'], {
      cwd: checkout,
      encoding: 'utf8',
      env: { ...process.env, SERVE_SPA: '1', ...env },
    });
    expect(result.status, result.stderr).toBe(0);
    return `${result.stdout}${result.stderr}`;
  };
  const built = (output: string) => ({
    spa: output.includes('[vite build]'),
    server: output.includes('[server build]'),
    ran: output.includes('[bundle ran]'),
  });

  beforeAll(() => {
    checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'start-checkout-'));
    fs.cpSync(path.join(ROOT, 'src/server/cli/start.mjs'), path.join(checkout, 'src/server/cli/start.mjs'));
    file(
      'node_modules/vite/bin/vite.js',
      `
      import fs from 'node:fs';
      console.log('[vite build]');
      if (process.env.VITE_FAILS) process.exit(1);
      if (process.env.EDIT_DURING_BUILD) { const now = new Date(Date.now() + 5); fs.utimesSync('src/app/main.tsx', now, now); }
      fs.mkdirSync('dist', { recursive: true });
      fs.writeFileSync('dist/index.html', '<!doctype html>');
    `,
    );
    fs.symlinkSync(path.join(ROOT, 'node_modules/tsx'), path.join(checkout, 'node_modules/tsx'));
    file(
      'src/server/cli/build-server.ts',
      `
      import fs from 'node:fs';
      console.log('[server build]');
      fs.mkdirSync('build/server', { recursive: true });
      fs.writeFileSync('build/server/main.js', "console.log('[bundle ran]');");
      fs.writeFileSync('build/server/inputs.json', JSON.stringify(['src/server/main.ts']));
    `,
    );
    file('src/server/main.ts');
    file('src/app/main.tsx');
    file('src/app/pages/orders.tsx');
    file('src/domain/resource.ts');
    file('index.html');
    file('vite.config.ts');
  });
  afterAll(() => fs.rmSync(checkout, { recursive: true, force: true }));

  it('builds the SPA and the bundle once, then neither while nothing changed', () => {
    const first = launch();
    expect(first).toMatch(/No SPA build found/);
    expect(built(first)).toEqual({ spa: true, server: true, ran: true });
    expect(built(launch())).toEqual({ spa: false, server: false, ran: true });
  });

  it('rebuilds the SPA when a file under src/app or src/domain, index.html or vite.config.ts is newer than dist/', () => {
    for (const source of ['src/app/pages/orders.tsx', 'src/domain/resource.ts', 'index.html', 'vite.config.ts']) {
      touch(source);
      const output = launch();
      expect(output, source).toMatch(/Building the SPA \(its sources changed since the last build\)/);
      expect(built(output), source).toEqual({ spa: true, server: false, ran: true });
      expect(built(launch()), source).toEqual({ spa: false, server: false, ran: true });
    }
  });

  it('rebuilds the SPA when a file is added or removed, and the bundle when its sources change', () => {
    file('src/app/pages/suppliers.tsx');
    expect(built(launch())).toEqual({ spa: true, server: false, ran: true });
    fs.rmSync(path.join(checkout, 'src/app/pages/suppliers.tsx'));
    expect(built(launch())).toEqual({ spa: true, server: false, ran: true });
    touch('src/server/main.ts');
    expect(built(launch())).toEqual({ spa: false, server: true, ran: true });
  });

  it('builds again at the next start when a source was saved during the build', () => {
    touch('src/app/main.tsx');
    expect(built(launch({ EDIT_DURING_BUILD: '1' }))).toEqual({ spa: true, server: false, ran: true });
    expect(built(launch())).toEqual({ spa: true, server: false, ran: true });
    expect(built(launch())).toEqual({ spa: false, server: false, ran: true });
  });

  it('builds no SPA with SERVE_SPA=0, and still starts when the SPA fails to build', () => {
    touch('src/app/main.tsx');
    expect(built(launch({ SERVE_SPA: '0' }))).toEqual({ spa: false, server: false, ran: true });
    const failed = launch({ VITE_FAILS: '1' });
    expect(failed).toMatch(/Could not build the SPA \(.*\); serving the previous build/);
    expect(built(failed)).toEqual({ spa: true, server: false, ran: true });
    expect(built(launch())).toEqual({ spa: true, server: false, ran: true });
  });
});

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
