/**
 * Start-up: `npm start`'s entry (node --import tsx src/server/main.ts) with a built SPA on the embedded database,
 * from a fresh data folder (migrations, demo data) and again on the same folder (a restart), until GET /api/health
 * answers 200. Baseline in the same run: a bare Fastify server started the same way (the runtime's own floor).
 *
 *   npm run bench:start -- [--runs 3]
 */
import { spawn } from 'node:child_process';
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

/** Milliseconds from spawning the server to its first healthy answer. */
async function timedStart(env: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  const server = await startServerProcess({ PASSWORD_HASH_COST: 'owasp', LOG_LEVEL: 'warn', PORT: '0', SERVE_SPA: '1', ...env });
  await healthy(server.url);
  const ms = performance.now() - t0;
  await server.stop();
  return ms;
}

/** The floor: node with the tsx loader and a Fastify server answering /api/health, nothing else. */
async function bareFastify(): Promise<number> {
  const script = `import Fastify from 'fastify'; const app = Fastify(); app.get('/api/health', () => ({ status: 'ok' }));
    await app.listen({ port: 0, host: '127.0.0.1' }); console.log('running at http://localhost:' + app.server.address().port);`;
  const file = path.join(ROOT, `.bench-bare-${process.pid}.ts`);
  fs.writeFileSync(file, script);
  try {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
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
    fs.rmSync(file, { force: true });
  }
}

ensureBuilt();
const fresh: number[] = [];
const restart: number[] = [];
const bare: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-bench-'));
  try {
    fresh.push(await timedStart({ DATA_DIR: dataDir }));
    restart.push(await timedStart({ DATA_DIR: dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  bare.push(await bareFastify());
}
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`\nStart → GET /api/health 200, embedded database, built SPA (median of ${RUNS})`);
console.log(`fresh data folder (migrate, demo data)   ${s(median(fresh)).padStart(8)}   target ≤ 4 s     runs: ${fresh.map(s).join(', ')}`);
console.log(`restart on the same folder               ${s(median(restart)).padStart(8)}   target ≤ 1.5 s   runs: ${restart.map(s).join(', ')}`);
console.log(`baseline: bare Fastify, same loader      ${s(median(bare)).padStart(8)}                    runs: ${bare.map(s).join(', ')}`);
