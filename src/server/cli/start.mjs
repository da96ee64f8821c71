/**
 * `npm start`: runs the server bundle (build/server/main.js) with plain node, so no start compiles TypeScript.
 * A fresh clone has no build yet: the first start makes it (`npm run build`: the SPA, the bundle and the embedded
 * database's template). A bundle older than any of its source files is rebuilt first (a fraction of a second), so
 * `npm start` never runs stale code. Should the bundle still be missing, the server runs from source through tsx.
 * Paths as in src/server/cli/build-paths.ts (this file is plain JavaScript, run before anything is built).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../../..');
const bundle = path.join(root, 'build/server/main.js');
const inputs = path.join(root, 'build/server/inputs.json');

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

const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });

if (!bundleUpToDate()) {
  try {
    if (!fs.existsSync(path.join(root, 'dist/index.html')) && process.env.SERVE_SPA !== '0') {
      console.log('No build found: building the SPA and the server once (npm run build)...');
      run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build']);
    } else {
      console.log('Building the server bundle (none yet, or its sources changed since the last build)...');
    }
    run(['--import', 'tsx', path.join(root, 'src/server/cli/build-server.ts')]);
  } catch (error) {
    console.error(`Could not build the server (${error instanceof Error ? error.message : error}); running it from source.`);
  }
}

if (fs.existsSync(bundle) && bundleUpToDate()) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'src/server/main.ts')).href);
}
