/**
 * Lighthouse (mobile, performance category, its default simulated throttling) run through npx on Debian's Chromium,
 * pinned to one version so runs compare. Opened in a Chromium profile (`userDataDir`), a page finds the session kept in
 * its local storage. Lighthouse clears the HTTP cache, service workers and cache storage of the origin before loading
 * the page, not its local storage: the page loads cold, signed in.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LIGHTHOUSE = 'lighthouse@12.2.3';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

export type LighthouseRun = {
  score: number;
  /** Milliseconds (simulated). */
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  /** Every script of the load: count, bytes on the wire and decoded. */
  scripts: number;
  jsTransferred: number;
  jsRaw: number;
  /** The page Lighthouse ended on (a screen that sent it to /login was not signed in). */
  finalUrl: string;
  /** The largest contentful paint's element, as Lighthouse quotes it. */
  lcpElement: string;
};

type NetworkItem = { resourceType?: string; transferSize?: number; resourceSize?: number };

export type LighthouseOptions = {
  /** A Chromium profile to open the page in (its local storage: a signed-in session). */
  userDataDir?: string;
  /** Keep the JSON report here (a file name). */
  keepReport?: string;
};

function runOnce(url: string, chromePath: string, { userDataDir, keepReport }: LighthouseOptions): LighthouseRun {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-'));
  const out = path.join(dir, 'report.json');
  try {
    // The bench's own TLS proxy (tls-proxy.ts) has a certificate made for the run.
    const selfSigned = url.startsWith('https://localhost:') ? ' --ignore-certificate-errors' : '';
    const flags = `${CHROME_FLAGS}${selfSigned}${userDataDir ? ` --user-data-dir=${userDataDir}` : ''}`;
    execFileSync(
      'npx',
      ['-y', LIGHTHOUSE, url, '--only-categories=performance', '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${flags}`],
      { env: { ...process.env, CHROME_PATH: chromePath }, stdio: 'ignore', timeout: 300_000 },
    );
    if (keepReport) fs.copyFileSync(out, keepReport);
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const audit = (id: string): number => report.audits[id].numericValue;
    const scripts = (report.audits['network-requests'].details.items as NetworkItem[]).filter((i) => i.resourceType === 'Script');
    const lcpItems = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items;
    return {
      score: Math.round(report.categories.performance.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      si: audit('speed-index'),
      cls: audit('cumulative-layout-shift'),
      scripts: scripts.length,
      jsTransferred: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
      jsRaw: scripts.reduce((sum, s) => sum + (s.resourceSize ?? 0), 0),
      finalUrl: report.finalDisplayedUrl,
      lcpElement:
        lcpItems?.[0]?.node?.snippet ?? `(not named: ${String(report.audits['largest-contentful-paint-element']?.errorMessage ?? 'no element').slice(0, 80)})`,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One Lighthouse run (a second try if Chromium fails to start on a loaded machine). */
export function lighthouse(url: string, chromePath: string, options: LighthouseOptions = {}, tries = 2): LighthouseRun {
  try {
    return runOnce(url, chromePath, options);
  } catch (error) {
    if (tries <= 1) throw error;
    return lighthouse(url, chromePath, options, tries - 1);
  }
}

/** The median of one figure over several runs (each figure's own median). */
export const median = <T extends Record<string, unknown>>(rows: T[], key: keyof T): number =>
  rows.map((r) => Number(r[key])).sort((a, b) => a - b)[Math.floor(rows.length / 2)]!;
