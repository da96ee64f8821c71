/**
 * `npm start`: runs the server bundle (build/server/main.js) with plain node, so no start compiles TypeScript.
 * What is out of date is built first, so `npm start` never serves stale code: the SPA (dist/, `vite build`) when it is
 * missing or a file it is made from (src/app, src/domain, index.html, vite.config.ts, ...) is newer than it, and the
 * bundle (with the embedded database's template) when it is missing or one of its source files is newer. When nothing
 * changed, that is a look at a few hundred files' times. A SPA that fails to build leaves the previous one served; should
 * the bundle still be missing, the server runs from source through tsx.
 * Paths as in src/server/cli/build-paths.ts (this file is plain JavaScript, run before anything is built).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../../..');
const bundle = path.join(root, 'build/server/main.js');
const inputs = path.join(root, 'build/server/inputs.json');
const spaIndex = path.join(root, 'dist/index.html');
/** What `vite build` reads (Vite takes VITE_* settings from the .env files too); absent ones are skipped. */
const SPA_SOURCES = ['src/app', 'src/domain', 'index.html', 'vite.config.ts', 'public', '.env', '.env.local', '.env.production', '.env.production.local'];

/** The bundle exists and no source file it was made from changed since. */
function bundleUpToDate() {
  try {
    const builtAt = fs.statSync(bundle).mtimeMs;
    const files = JSON.parse(fs.readFileSync(inputs, 'utf8'));
    return files.every((file) => fs.statSync(path.join(root, file)).mtimeMs <= builtAt);
  } catch {
    return false;
  }
}

/** Anything under these paths newer than `since`: a file, or a folder, whose own time moves when a file is added or removed. */
function changedSince(since, entries) {
  const pending = entries.map((entry) => path.join(root, entry));
  while (pending.length) {
    const entry = pending.pop();
    let stat;
    try {
      stat = fs.statSync(entry);
    } catch {
      continue;
    }
    if (stat.mtimeMs > since) return true;
    if (stat.isDirectory()) pending.push(...fs.readdirSync(entry).map((name) => path.join(entry, name)));
  }
  return false;
}

function spaUpToDate() {
  try {
    return !changedSince(fs.statSync(spaIndex).mtimeMs, SPA_SOURCES);
  } catch {
    return false;
  }
}

const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
const reason = (error) => (error instanceof Error ? error.message : error);

if (process.env.SERVE_SPA !== '0' && !spaUpToDate()) {
  const first = !fs.existsSync(spaIndex);
  console.log(first ? 'No SPA build found: building it (vite build)...' : 'Building the SPA (its sources changed since the last build)...');
  const startedAt = new Date();
  try {
    run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build']);
    // Dated from the build's start: a file saved while Vite ran is newer, so the next start builds again.
    fs.utimesSync(spaIndex, startedAt, startedAt);
  } catch (error) {
    console.error(`Could not build the SPA (${reason(error)}); ${first ? 'there is no SPA to serve' : 'serving the previous build'}.`);
  }
}

if (!bundleUpToDate()) {
  try {
    console.log('Building the server bundle (none yet, or its sources changed since the last build)...');
    run(['--import', 'tsx', path.join(root, 'src/server/cli/build-server.ts')]);
  } catch (error) {
    console.error(`Could not build the server (${reason(error)}); running it from source.`);
  }
}

if (fs.existsSync(bundle) && bundleUpToDate()) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'src/server/main.ts')).href);
}
