/**
 * Start-up: `npm start`'s entry (src/server/cli/start.mjs: plain node on the server bundle) with a built SPA on the
 * embedded database, from a fresh data folder (the build's template, demo data) and again on the same folder (a
 * restart), until GET /api/health answers 200. Baselines in the same run:
 *   - the previous design (TypeScript through tsx at every start, PGlite's initdb and every migration on a fresh
 *     folder), checked out from git just before the bundle and template came in;
 *   - a bare Fastify server answering /api/health under plain node (the runtime's own floor).
 *
 *   npm run bench:start -- [--runs 3]
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, startServerProcess } from '../tests/support/server-process.js';
import { ensureBuilt } from './support/spa-server.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function healthy(base: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Entry = { cwd: string; args: string[] };
const NPM_START: Entry = { cwd: ROOT, args: ['src/server/cli/start.mjs'] };

/** Milliseconds from spawning the server to its first healthy answer. */
async function timedStart(entry: Entry, env: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  const server = await startServerProcess(
    { PASSWORD_HASH_COST: 'owasp', LOG_LEVEL: 'warn', PORT: '0', SERVE_SPA: '1', SPA_DIR: path.join(ROOT, 'dist'), ...env },
    180_000,
    entry.cwd,
    entry.args,
  );
  await healthy(server.url);
  const ms = performance.now() - t0;
  await server.stop();
  return ms;
}

/** The floor: plain node and a Fastify server answering /api/health, nothing else. */
async function bareFastify(): Promise<number> {
  const script = `import Fastify from 'fastify'; const app = Fastify(); app.get('/api/health', () => ({ status: 'ok' }));
    await app.listen({ port: 0, host: '127.0.0.1' }); console.log('running at http://localhost:' + app.server.address().port);`;
  const file = path.join(ROOT, `.bench-bare-${process.pid}.mjs`);
  fs.writeFileSync(file, script);
  try {
    const t0 = performance.now();
    const child = spawn(process.execPath, [file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const base = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /running at (http:\/\/localhost:\d+)/.exec(out);
        if (match) resolve(match[1]!);
      });
    });
    await healthy(base);
    const ms = performance.now() - t0;
    child.kill();
    await new Promise((r) => child.once('exit', r));
    return ms;
  } finally {
    fs.rmSync(file, { recursive: true, force: true });
  }
}

/** The tree just before the server bundle and the database template, run as `npm start` ran it then. */
function previousDesign(): Entry {
  const added = execFileSync('git', ['log', '--diff-filter=A', '--format=%H', '--', 'src/server/cli/start.mjs'], { cwd: ROOT, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  if (!added) throw new Error('cannot find the commit that added src/server/cli/start.mjs');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-previous-'));
  execFileSync('sh', ['-c', `git archive ${added}^ | tar -x -C ${dir}`], { cwd: ROOT });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  // @fastify/helmet has since been replaced (same headers, computed once): the old tree gets the new module under its name.
  fs.copyFileSync(path.join(ROOT, 'src/server/http/security-headers.ts'), path.join(dir, 'src/server/http/security-headers.ts'));
  fs.writeFileSync(
    path.join(dir, 'src/server/http/helmet-plugin.ts'),
    `import fp from 'fastify-plugin';\nimport { registerSecurityHeaders } from './security-headers.js';\n` +
      `export default fp(async (app, options: Parameters<typeof registerSecurityHeaders>[1]) => registerSecurityHeaders(app, options));\n`,
  );
  const app = path.join(dir, 'src/server/app.ts');
  fs.writeFileSync(app, fs.readFileSync(app, 'utf8').replace(`from '@fastify/helmet'`, `from './http/helmet-plugin.js'`));
  return { cwd: dir, args: ['--import', 'tsx', 'src/server/main.ts'] };
}

ensureBuilt();
// The server half of `npm run build` (the bundle; the template only when the migrations changed).
execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/build-server.ts'], { cwd: ROOT, stdio: 'ignore' });
const previous = previousDesign();
const runs = { fresh: [] as number[], restart: [] as number[], previousFresh: [] as number[], previousRestart: [] as number[], bare: [] as number[] };
try {
  for (let i = 0; i < RUNS; i++) {
    for (const [entry, fresh, restart] of [
      [NPM_START, runs.fresh, runs.restart],
      [previous, runs.previousFresh, runs.previousRestart],
    ] as const) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-bench-'));
      try {
        fresh.push(await timedStart(entry, { DATA_DIR: dataDir }));
        restart.push(await timedStart(entry, { DATA_DIR: dataDir }));
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    runs.bare.push(await bareFastify());
  }
} finally {
  fs.rmSync(previous.cwd, { recursive: true, force: true });
}
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = (label: string, xs: number[], target = '') =>
  console.log(`${label.padEnd(58)} ${s(median(xs)).padStart(8)}   ${target.padEnd(14)} runs: ${xs.map(s).join(', ')}`);
console.log(`\nStart → GET /api/health 200, embedded database, built SPA (median of ${RUNS}; load ${os.loadavg()[0]!.toFixed(1)})`);
line('npm start, fresh data folder (template, demo data)', runs.fresh, 'target ≤ 4 s');
line('npm start, restart on the same folder', runs.restart, 'target ≤ 1.5 s');
line('previous design, fresh (tsx, initdb, migrations, demo data)', runs.previousFresh);
line('previous design, restart', runs.previousRestart);
line('baseline: bare Fastify, plain node', runs.bare);
