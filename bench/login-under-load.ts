/**
 * A real admin's sign-in, idle and while 60 connections send bogus sign-ins as fast as they can, on real server
 * processes (embedded database, real password-hashing cost). Side by side in the same run:
 *   - this design (argon2id m=19 MiB t=2 p=1, a hashing line no wider than the cores, X-Forwarded-For ignored
 *     unless TRUST_PROXY) against the same attack as the issue's: 60 connections from one address, each request
 *     with a made-up X-Forwarded-For;
 *   - this design against 60 connections from 60 different addresses (a botnet: the per-address limit does not
 *     bite until each address has spent its 30 tries);
 *   - the previous design (scrypt N=2^17, no line, X-Forwarded-For trusted), checked out from git, same attack.
 * The admin signs in from its own address (127.0.0.2; the attackers use 127.0.0.1 and 127.0.1.x).
 *
 *   npm run bench:login -- [--samples 5] [--no-baseline]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { ROOT, startServerProcess, type ServerProcess } from '../tests/support/server-process.js';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '5' }, 'no-baseline': { type: 'boolean', default: false } } });
const SAMPLES = Number(values.samples);
const ATTACKERS = 60;
const ADMIN_ADDRESS = '127.0.0.2';

type Answer = { status: number; ms: number; retryAfter?: string };
const agents = new Map<string, http.Agent>();
const agentFor = (localAddress: string) => {
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new http.Agent({ keepAlive: true, localAddress })));
  return agent;
};

/** POST /api/auth/login from a given local (loopback) address. */
function login(base: string, body: object, from: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/auth/login`, {
      method: 'POST', agent: agentFor(from),
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, retryAfter: res.headers['retry-after'] as string | undefined }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const ADMIN = { emailOrPhone: 'admin@demo.local', password: 'Admin@123' };

/** GET /api/health from the admin's address: what the flood alone costs any request, hashing aside. */
function healthCheck(base: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http.get(`${base}/api/health`, { agent: agentFor(ADMIN_ADDRESS) }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    }).on('error', reject);
  });
}

/** A real sign-in, retrying after Retry-After when refused as busy: the time until the admin is in. */
async function adminSignIn(base: string): Promise<{ ms: number; refusals: number }> {
  const started = performance.now();
  let refusals = 0;
  for (;;) {
    const answer = await login(base, ADMIN, ADMIN_ADDRESS);
    if (answer.status === 200) return { ms: performance.now() - started, refusals };
    if (answer.status !== 503 && answer.status !== 429) throw new Error(`admin sign-in answered ${answer.status}`);
    refusals++;
    await new Promise((r) => setTimeout(r, Number(answer.retryAfter ?? 1) * 1000));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The flood runs in a worker thread: its 60 loops must not sit in the event loop that times the admin's sign-in.
 * Plain JavaScript, so the worker needs no loader.
 */
const FLOOD = `
const http = require('node:http');
const { parentPort, workerData: { base, attackers, spread } } = require('node:worker_threads');
const agents = new Map();
const agentFor = (from) => agents.get(from) ?? agents.set(from, new http.Agent({ keepAlive: true, localAddress: from })).get(from);
let stop = false, n = 0;
const statuses = {};
parentPort.on('message', () => { stop = true; });
const once = (from) => new Promise((resolve) => {
  n++;
  const payload = JSON.stringify({ emailOrPhone: 'nobody' + n + '@example.com', password: 'not-the-password' });
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
  if (!spread) headers['x-forwarded-for'] = '198.18.' + (n % 250) + '.' + ((n * 7) % 250);
  const req = http.request(base + '/api/auth/login', { method: 'POST', agent: agentFor(from), headers }, (res) => {
    res.resume();
    res.on('end', () => { statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1; resolve(); });
  });
  req.on('error', () => resolve());
  req.end(payload);
});
Promise.all(Array.from({ length: attackers }, async (_, i) => {
  const from = spread ? '127.0.1.' + (i + 1) : '127.0.0.1';
  while (!stop) await once(from);
})).then(() => { for (const a of agents.values()) a.destroy(); parentPort.postMessage(statuses); });
`;

type Attack = 'one address, spoofed XFF' | '60 addresses';

async function measure(base: string, samples: number, attack: Attack | null) {
  const flood = attack && new Worker(FLOOD, { eval: true, workerData: { base, attackers: ATTACKERS, spread: attack === '60 addresses' } });
  if (flood) await new Promise((r) => setTimeout(r, 1000)); // let the flood build up
  const times: number[] = [];
  const health: number[] = [];
  let refusals = 0;
  for (let i = 0; i < samples; i++) {
    const run = await adminSignIn(base);
    times.push(run.ms);
    refusals += run.refusals;
    health.push(await healthCheck(base));
  }
  let bogus: Record<string, number> = {};
  if (flood) {
    const done = new Promise<Record<string, number>>((resolve) => flood.once('message', resolve));
    flood.postMessage('stop');
    bogus = await done;
    await flood.terminate();
  }
  return { median: median(times), max: Math.max(...times), refusals, health: median(health), bogus };
}

/** The server as the commit before argon2id arrived: the previous design. */
function previousDesign(): string | null {
  const added = execFileSync('git', ['log', '--format=%H', '-S', '@node-rs/argon2', '--', 'package.json'], { cwd: ROOT, encoding: 'utf8' })
    .trim().split('\n').filter(Boolean).at(-1);
  if (!added) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'login-baseline-'));
  execFileSync('sh', ['-c', `git archive ${added}^ | tar -x -C ${dir}`], { cwd: ROOT });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const dirs: string[] = [];
const servers: ServerProcess[] = [];
async function server(cwd = ROOT): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'login-bench-data-'));
  dirs.push(dataDir);
  // The real hashing cost (not the tests' cheap one); the per-address limit as shipped (30 a minute).
  const started = await startServerProcess({ DATA_DIR: dataDir, PORT: '0', PASSWORD_HASH_COST: 'owasp', LOG_LEVEL: 'error' }, 300_000, cwd);
  servers.push(started);
  return started.url.replace('localhost', '127.0.0.1');
}

const rows: Record<string, string | number>[] = [];
const row = (design: string, load: string, r: Awaited<ReturnType<typeof measure>>, idle: number) =>
  rows.push({
    design, load, 'admin sign-in, median ms': Math.round(r.median), 'max ms': Math.round(r.max), '× idle': (r.median / idle).toFixed(1),
    'admin refused': r.refusals, 'GET /health ms': Math.round(r.health), 'bogus answers': JSON.stringify(r.bogus),
  });

try {
  console.log(`Cores: ${os.availableParallelism()}. Starting this design...`);
  const current = await server();
  const idle = await measure(current, SAMPLES, null);
  row('argon2id + hashing line', 'idle', idle, idle.median);
  row('argon2id + hashing line', `${ATTACKERS} conns, one address, spoofed XFF`, await measure(current, SAMPLES, 'one address, spoofed XFF'), idle.median);
  await new Promise((r) => setTimeout(r, 1000));
  row('argon2id + hashing line', `${ATTACKERS} conns from ${ATTACKERS} addresses`, await measure(current, SAMPLES, '60 addresses'), idle.median);

  const old = values['no-baseline'] ? null : previousDesign();
  if (old) {
    dirs.push(old);
    console.log('Starting the previous design (scrypt N=2^17, no line, X-Forwarded-For trusted)...');
    const baseline = await server(old);
    const oldIdle = await measure(baseline, Math.min(SAMPLES, 3), null);
    row('previous: scrypt, no line', 'idle', oldIdle, oldIdle.median);
    row('previous: scrypt, no line', `${ATTACKERS} conns, one address, spoofed XFF`, await measure(baseline, 1, 'one address, spoofed XFF'), oldIdle.median);
  }
  console.table(rows);
} finally {
  for (const agent of agents.values()) agent.destroy();
  await Promise.all(servers.map((s) => s.stop('SIGTERM')));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}
