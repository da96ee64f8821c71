// `npm test`'s runner. Vitest runs a project whose files must not overlap (the end-to-end tests: one browser and one
// server at a time) in its own group, after every other project: on two cores that left one core idle for the whole
// end-to-end run. Here the end-to-end project runs in a second vitest process beside the others, and the run fails if
// either fails. In CI each writes its JSON report; the two are added up into test-results/vitest.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const ci = process.env.CI === 'true';
const run = (args, report, niceness = 0) =>
  new Promise((resolve) => {
    const extra = ci ? [`--outputFile.json=${report}`] : [];
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args, ...extra, ...process.argv.slice(2)], { stdio: 'inherit' });
    // Set before vitest has loaded, so its workers and the servers its tests start inherit it.
    if (niceness && child.pid) os.setPriority(child.pid, niceness);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

/**
 * The end-to-end run is a chain of browser round trips, each waiting for the one before; the unit and API run is many
 * independent files that keep both cores busy. Given an equal share of two cores, the end-to-end run set the length of
 * the whole (1,784 s beside the other's 1,425 s, and the cores partly idle once it ran alone); behind it in the queue for
 * the CPU (a lower priority) the API run takes what the browser leaves between its round trips: 1,290 s and 1,467 s on
 * the same machine, five minutes less in all (docs/testing.md).
 */
const API_NICENESS = 10;

const codes = await Promise.all([
  // By folder, not by project name: a machine without PostgreSQL or Chromium has no such project (see vitest.config.ts).
  run(['tests/unit', 'tests/api'], 'test-results/vitest-api.json', API_NICENESS),
  run(['tests/e2e', '--passWithNoTests'], 'test-results/vitest-e2e.json'),
]);

if (ci) {
  const reports = ['test-results/vitest-api.json', 'test-results/vitest-e2e.json']
    .filter((f) => fs.existsSync(f))
    .map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
  const sum = (key) => reports.reduce((s, r) => s + (r[key] ?? 0), 0);
  fs.writeFileSync(
    'test-results/vitest.json',
    JSON.stringify({
      numPassedTests: sum('numPassedTests'),
      numFailedTests: sum('numFailedTests'),
      numPendingTests: sum('numPendingTests'),
      numTodoTests: sum('numTodoTests'),
      testResults: reports.flatMap((r) => r.testResults ?? []),
    }),
  );
}
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
