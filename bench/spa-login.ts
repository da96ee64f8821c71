/**
 * A cold /login in Chromium: every script, style and document it transfers (bytes on the wire, as compressed),
 * and whether any back-office code came with it. Beside it in the same run: the same build served without its
 * precompressed files (the baseline: what the server sent before), and the back-office's first page for scale.
 * Then Lighthouse (mobile, performance) on /login for both, when `--lighthouse` is given (run through npx).
 *
 *   npm run bench:spa -- [--rebuild] [--lighthouse]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/e2e-chromium.js';
import { ensureBuilt, serveSpa, uncompressedCopy } from './support/spa-server.js';

const { values } = parseArgs({
  options: { rebuild: { type: 'boolean', default: false }, lighthouse: { type: 'boolean', default: false }, runs: { type: 'string', default: '3' } },
});
const executablePath = findChromium() ?? undefined;
if (!executablePath) throw new Error('Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)');
const BACK_OFFICE = /\/assets\/(App|BackOfficeLayout|DashboardPage|ResourceListPage|schemas|table|select)-/;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type Load = { js: number; css: number; html: number; scripts: number; backOffice: string[]; jsRaw: number };

async function coldLoad(url: string): Promise<Load> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('requestfinished', (r) => requests.push(r));
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const load: Load = { js: 0, css: 0, html: 0, scripts: 0, backOffice: [], jsRaw: 0 };
    for (const r of requests) {
      const { responseBodySize, responseHeadersSize } = await r.sizes();
      const wire = responseBodySize + responseHeadersSize;
      const type = r.resourceType();
      if (type === 'script') {
        load.js += wire;
        load.scripts += 1;
        load.jsRaw += (await (await r.response())!.body()).length;
        if (BACK_OFFICE.test(r.url())) load.backOffice.push(new URL(r.url()).pathname);
      } else if (type === 'stylesheet') load.css += wire;
      else if (type === 'document') load.html += wire;
    }
    return load;
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run (a second try if Chromium fails to start on a loaded machine). */
function lighthouse(url: string, tries = 2): { score: number; lcp: number; fcp: number; tbt: number } {
  try {
    return lighthouseOnce(url);
  } catch (error) {
    if (tries <= 1) throw error;
    return lighthouse(url, tries - 1);
  }
}

function lighthouseOnce(url: string): { score: number; lcp: number; fcp: number; tbt: number } {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lh-')), 'report.json');
  execFileSync(
    'npx',
    [
      '-y',
      'lighthouse@12',
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: executablePath! }, stdio: 'ignore', timeout: 300_000 },
  );
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: report.audits['largest-contentful-paint'].numericValue,
    fcp: report.audits['first-contentful-paint'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
  };
}

const dist = ensureBuilt(values.rebuild);
const plainDir = uncompressedCopy(dist);
const served = await serveSpa(dist);
const plain = await serveSpa(plainDir);
try {
  const now = await coldLoad(`${served.url}/login`);
  const before = await coldLoad(`${plain.url}/login`);
  console.log('\nCold /login in Chromium: bytes transferred (compressed as sent, with headers). Target: JS ≤ 200 KB, no back-office code');
  console.log(`${''.padEnd(34)} ${'JS'.padStart(10)} ${'scripts'.padStart(8)} ${'CSS'.padStart(9)} ${'HTML'.padStart(9)}  back-office chunks`);
  for (const [label, l] of [
    ['precompressed (brotli)', now],
    ['baseline: same build, uncompressed', before],
  ] as const) {
    console.log(
      `${label.padEnd(34)} ${kb(l.js).padStart(10)} ${String(l.scripts).padStart(8)} ${kb(l.css).padStart(9)} ${kb(l.html).padStart(9)}  ${l.backOffice.join(', ') || 'none'}`,
    );
  }
  console.log(`JS before compression: ${kb(now.jsRaw)}`);

  if (values.lighthouse) {
    const runs = Number(values.runs);
    const median = <T extends Record<string, number>>(rows: T[], key: keyof T) => rows.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(rows.length / 2)]!;
    console.log(`\nLighthouse 12, mobile, performance of /login (median of ${runs}). Target: score ≥ 90, LCP ≤ 2.5 s`);
    for (const [label, url] of [
      ['precompressed', `${served.url}/login`],
      ['baseline: uncompressed', `${plain.url}/login`],
    ] as const) {
      const rows = Array.from({ length: runs }, () => lighthouse(url));
      console.log(
        `${label.padEnd(24)} score ${String(median(rows, 'score')).padStart(3)}   LCP ${(median(rows, 'lcp') / 1000).toFixed(2)} s   FCP ${(median(rows, 'fcp') / 1000).toFixed(2)} s   TBT ${median(rows, 'tbt').toFixed(0)} ms`,
      );
    }
  }
} finally {
  await served.stop();
  await plain.stop();
  fs.rmSync(plainDir, { recursive: true, force: true });
}
