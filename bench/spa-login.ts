/**
 * A cold /login in Chromium: every script, style and document it transfers (bytes on the wire, as compressed),
 * and whether any back-office code came with it. Beside it in the same run: the same build served without its
 * precompressed files (the baseline: what the server sent before), and the back-office's first page for scale.
 * Then Lighthouse (mobile, performance) on /login for both, when `--lighthouse` is given (run through npx).
 *
 *   npm run bench:spa -- [--rebuild] [--lighthouse] [--runs 3]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/e2e-chromium.js';
import { lighthouse, median } from './support/lighthouse.js';
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
    console.log(`\nLighthouse 12.2.3, mobile, performance of /login (median of ${runs}). Target: score ≥ 90, LCP ≤ 2.5 s`);
    for (const [label, url] of [
      ['precompressed', `${served.url}/login`],
      ['baseline: uncompressed', `${plain.url}/login`],
    ] as const) {
      const rows = Array.from({ length: runs }, () => lighthouse(url, executablePath));
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
