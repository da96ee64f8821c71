/**
 * The signed-in screens of issue 33 (dashboard, product listing, inventory, the reports) opened cold in the built
 * SPA, served by the real server on an embedded database with the demo data, with /login beside them as the baseline.
 *
 * 1. Scripts (deterministic: the same build loads the same chunks whatever the machine's load). Each screen is opened
 *    signed in, in a fresh browser context (empty cache) at Lighthouse's phone size, with the screen's data requests
 *    held: the scripts it downloads until its heading shows and no script is in flight are what its first paint
 *    needs. Then the data is let through, and the scripts that follow (a chart drawn from the data) are counted apart.
 *    Held: every /api request but the session's own (/api/auth, /api/access-policy, /api/events).
 * 2. Lighthouse 12 (mobile, performance, simulated throttling), `--runs` times per screen, each figure's median, beside
 *    /login and the stack's floor (bench/spa-floor: the smallest list screen Refine and antd make, nothing of ours).
 *    Signed in: before each run a Chromium profile signs in through the login form (the SPA keeps its session in
 *    local storage), then Lighthouse opens the screen in that profile; it clears the HTTP cache first, not local
 *    storage, so the screen loads cold and signed in. A run that ends anywhere but on its screen is an error.
 *    Twice: over HTTP/1.1 from the server itself, and over HTTPS with HTTP/2 through a TLS proxy as the deployment
 *    guide's nginx serves it (a phone reaches a deployment only over TLS). Lantern, Lighthouse's simulation, queues
 *    HTTP/1.1 requests six at a time on 150 ms round trips: a screen of 70 chunks pays that queue over HTTP/1.1 only.
 *
 *   npm run bench:spa-screens -- [--rebuild] [--runs 3] [--no-lighthouse] [--screens /inventory,/product-listing]
 *     [--protocols http1,http2] [--dist <a build to serve instead of dist/, e.g. a copy of an earlier one>]
 *     [--reports <folder for Lighthouse's JSON reports>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page, type Request, type Route } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/e2e-chromium.js';
import { lighthouse, median, type LighthouseRun } from './support/lighthouse.js';
import { buildFloor, ensureBuilt, serveSpa } from './support/spa-server.js';
import { startTlsProxy } from './support/tls-proxy.js';

const { values } = parseArgs({
  options: {
    rebuild: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    'no-lighthouse': { type: 'boolean', default: false },
    screens: { type: 'string' },
    dist: { type: 'string' },
    reports: { type: 'string' },
    protocols: { type: 'string', default: 'http1,http2' },
  },
});
const executablePath = findChromium() ?? undefined;
if (!executablePath) throw new Error('Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)');

const SCREENS = ['/admin-dashboard', '/product-listing', '/inventory', '/inventory-report', '/sale-purchase-report', '/stock-valuation'];
const screens = values.screens ? values.screens.split(',') : SCREENS;
const ADMIN = { email: 'admin@demo.local', password: 'Admin@123' };
/** Lighthouse's mobile screen (a Moto G Power): the same layout as its runs (the sidebar in a drawer). */
const PHONE = { width: 412, height: 823 };
/** The session's own requests, never held. */
const SESSION_API = /^\/api\/(auth\/|access-policy|events)/;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByPlaceholder('email or mobile number').fill(ADMIN.email);
  await page.getByPlaceholder('password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin-dashboard');
}

type Scripts = { count: number; transferred: number; raw: number };

async function measure(requests: Request[]): Promise<Scripts> {
  const scripts: Scripts = { count: 0, transferred: 0, raw: 0 };
  for (const r of requests) {
    const response = await r.response();
    if (!response) continue;
    const { responseBodySize, responseHeadersSize } = await r.sizes();
    scripts.count += 1;
    scripts.transferred += responseBodySize + responseHeadersSize;
    scripts.raw += (await response.body()).length;
  }
  return scripts;
}

/** Resolves once no script is in flight and none has started or ended for `quietMs`. */
async function scriptsSettled(pending: Set<Request>, lastChange: () => number, quietMs = 1500): Promise<void> {
  while (pending.size > 0 || performance.now() - lastChange() < quietMs) await new Promise((r) => setTimeout(r, 100));
}

/** One screen, cold and signed in: the scripts of its first paint (data held) and those after its data. */
async function screenScripts(browser: Browser, base: string, screen: string): Promise<{ firstPaint: Scripts; afterData: Scripts }> {
  let storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  if (screen !== '/login') {
    const signedIn = await browser.newContext();
    await signIn(await signedIn.newPage(), base);
    storageState = await signedIn.storageState();
    await signedIn.close();
  }

  const context: BrowserContext = await browser.newContext({ storageState, viewport: PHONE, isMobile: true });
  try {
    const page = await context.newPage();
    let holding = true;
    const held: Route[] = [];
    await page.route('**/api/**', (route) => {
      if (holding && !SESSION_API.test(new URL(route.request().url()).pathname)) held.push(route);
      else void route.continue();
    });
    const before: Request[] = [];
    const after: Request[] = [];
    const pending = new Set<Request>();
    let last = performance.now();
    const settle = (r: Request) => {
      pending.delete(r);
      last = performance.now();
    };
    page.on('request', (r) => {
      if (r.resourceType() !== 'script') return;
      (holding ? before : after).push(r);
      pending.add(r);
      last = performance.now();
    });
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);

    await page.goto(`${base}${screen}`);
    await (screen === '/login' ? page.getByRole('button', { name: 'Login' }) : page.getByRole('heading', { level: 3 }).first()).waitFor({ timeout: 60_000 });
    await scriptsSettled(pending, () => last);
    if (new URL(page.url()).pathname !== screen) throw new Error(`${screen} ended on ${page.url()}: not signed in?`);

    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await page.waitForLoadState('networkidle').catch(() => undefined); // the live stream keeps one request open
    await scriptsSettled(pending, () => last);
    return { firstPaint: await measure(before), afterData: await measure(after) };
  } finally {
    await context.close();
  }
}

/** Lighthouse on a screen, signed in through a profile of its own (a fresh sign-in per run: tokens last 15 minutes). */
async function lighthouseSignedIn(base: string, screen: string, runs: number): Promise<LighthouseRun[]> {
  const results: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-profile-'));
    try {
      const context = await chromium.launchPersistentContext(profile, { executablePath, args: CHROMIUM_ARGS, ignoreHTTPSErrors: true });
      await signIn(context.pages()[0] ?? (await context.newPage()), base);
      await context.close();
      const keepReport = values.reports && path.join(values.reports, `${screen.slice(1)}-${new URL(base).protocol.slice(0, -1)}-${i + 1}.json`);
      const result = lighthouse(`${base}${screen}`, executablePath!, { userDataDir: profile, keepReport });
      if (new URL(result.finalUrl).pathname !== screen) throw new Error(`Lighthouse ended on ${result.finalUrl}, not ${screen}: not signed in?`);
      results.push(result);
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  }
  return results;
}

type Protocol = 'http1' | 'http2';
const PROTOCOLS: Record<Protocol, string> = {
  http1: 'HTTP/1.1 from the server itself (npm start, no proxy)',
  http2: "HTTPS + HTTP/2 through the deployment guide's TLS proxy (docs/operations.md's nginx; bench/support/tls-proxy.ts)",
};

/** Lighthouse over one protocol: /login, the stack's floor and each screen, each the median of `runs`. */
async function lighthouseTable(protocol: Protocol, runs: number, floorUrl: string): Promise<void> {
  const proxies = protocol === 'http2' ? await Promise.all([startTlsProxy(server.url), startTlsProxy(floorUrl)]) : [];
  const [app, floor] = protocol === 'http2' ? proxies.map((p) => p.url) : [server.url, floorUrl];
  try {
    console.log(`\nLighthouse 12.2.3, mobile, performance, ${PROTOCOLS[protocol]}`);
    console.log(`(median of ${runs}; load ${os.loadavg()[0]!.toFixed(1)}). Target: score ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms`);
    console.log(
      `${'screen'.padEnd(22)} ${'score'.padStart(5)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)} ${'SI'.padStart(7)} ${'scripts'.padStart(8)} ${'JS sent'.padStart(10)} ${'JS raw'.padStart(10)}  scores`,
    );
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const lcpElements: string[] = [];
    const print = (label: string, r: LighthouseRun[]) => {
      console.log(
        `${label.padEnd(22)} ${String(median(r, 'score')).padStart(5)} ${s(median(r, 'fcp')).padStart(7)} ${s(median(r, 'lcp')).padStart(7)} ${`${median(r, 'tbt').toFixed(0)} ms`.padStart(8)} ${median(r, 'cls').toFixed(3).padStart(6)} ${s(median(r, 'si')).padStart(7)} ${String(median(r, 'scripts')).padStart(8)} ${kb(median(r, 'jsTransferred')).padStart(10)} ${kb(median(r, 'jsRaw')).padStart(10)}  ${r.map((x) => x.score).join(', ')}`,
      );
      lcpElements.push(`${label.padEnd(22)} ${r.at(-1)!.lcpElement.slice(0, 110)}`);
    };
    print(
      '/login (baseline)',
      Array.from({ length: runs }, () => lighthouse(`${app}/login`, executablePath!)),
    );
    // The stack's floor (bench/spa-floor): the smallest signed-in list screen of Refine and antd, nothing of ours.
    print(
      'Refine + antd floor',
      Array.from({ length: runs }, () => lighthouse(`${floor}/`, executablePath!)),
    );
    for (const screen of screens) print(screen, await lighthouseSignedIn(app!, screen, runs));
    console.log(`\nLargest contentful paint, last run:\n${lcpElements.join('\n')}`);
  } finally {
    await Promise.all(proxies.map((p) => p.stop()));
  }
}

const dist = values.dist ? path.resolve(values.dist) : ensureBuilt(values.rebuild);
if (values.reports) fs.mkdirSync(values.reports, { recursive: true });
const server = await serveSpa(dist, { demo: true });
try {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  console.log(`\nScripts of a cold, signed-in screen at ${PHONE.width}×${PHONE.height} (deterministic: the same build loads the same chunks)`);
  console.log(
    `${'screen'.padEnd(22)} ${'first paint: scripts'.padStart(21)} ${'KB sent'.padStart(10)} ${'KB raw'.padStart(10)}   ${'after data: scripts'.padStart(19)} ${'KB sent'.padStart(10)} ${'KB raw'.padStart(10)}`,
  );
  try {
    for (const screen of ['/login', ...screens]) {
      const { firstPaint: f, afterData: a } = await screenScripts(browser, server.url, screen);
      console.log(
        `${screen.padEnd(22)} ${String(f.count).padStart(21)} ${kb(f.transferred).padStart(10)} ${kb(f.raw).padStart(10)}   ${String(a.count).padStart(19)} ${kb(a.transferred).padStart(10)} ${kb(a.raw).padStart(10)}`,
      );
    }
  } finally {
    await browser.close();
  }

  if (!values['no-lighthouse']) {
    const runs = Number(values.runs);
    const floorDir = buildFloor();
    const floor = await serveSpa(floorDir);
    try {
      for (const protocol of values.protocols.split(',') as Protocol[]) await lighthouseTable(protocol, runs, floor.url);
    } finally {
      await floor.stop();
      fs.rmSync(floorDir, { recursive: true, force: true });
    }
  }
} finally {
  await server.stop();
}
