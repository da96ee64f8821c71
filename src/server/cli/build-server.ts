/**
 * `npm run build`'s server half: bundles the API into build/server/main.js (plain JavaScript, so `npm start` runs it
 * with node alone instead of compiling TypeScript at every start), and writes the embedded database's template data
 * folder (build/pgdata-template: the PGlite cluster with every migration applied) when the migrations changed.
 *
 *   node --import tsx src/server/cli/build-server.ts [--no-template]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { migrationsFolder, openDatabase } from '../db/client.js';
import { functionsFolder } from '../db/functions.js';
import { matchingTemplate, writeTemplate } from '../db/pglite-template.js';
import { BUILD_DIR, SERVER_BUNDLE, SERVER_INPUTS, TEMPLATE_DIR } from './build-paths.js';

const { values } = parseArgs({ options: { 'no-template': { type: 'boolean', default: false } } });
const root = path.resolve(import.meta.dirname, '../../..');

async function bundleServer(): Promise<void> {
  const t0 = performance.now();
  const outDir = path.dirname(SERVER_BUNDLE(root));
  const result = await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: SERVER_BUNDLE(root),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies are bundled too: resolving and loading hundreds of their files was most of a restart. These stay
    // in node_modules: PGlite finds its wasm beside its own files, argon2 is a native module, swagger-ui serves
    // files from its own folder, pg-native is an optional add-on pg looks for.
    external: ['@electric-sql/pglite', '@node-rs/argon2', '@fastify/swagger-ui', 'pg-native'],
    // Bundled CommonJS packages call require() for Node's built-ins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // Less to parse at every start; names are kept, so stack traces stay readable (and map back via the source map).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  // The bundle looks for its migrations and SQL functions beside itself, as src/server/db/client.ts does.
  const sqlFiles = [migrationsFolder, functionsFolder].flatMap((folder) => {
    const target = path.join(outDir, path.basename(folder));
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(folder, target, { recursive: true });
    return (fs.readdirSync(folder, { recursive: true }) as string[]).map((file) => path.relative(root, path.join(folder, file)));
  });
  // The folder of resources' server parts too: the bundle holds every file in it, so a file added there is a change.
  const partsFolder = path.relative(root, path.join(import.meta.dirname, '../resources'));
  fs.writeFileSync(SERVER_INPUTS(root), JSON.stringify([...Object.keys(result.metafile.inputs), ...sqlFiles, partsFolder]));
  console.log(`server bundle: ${path.relative(root, SERVER_BUNDLE(root))} (${Math.round(performance.now() - t0)} ms)`);
}

async function buildTemplate(): Promise<void> {
  const templateDir = TEMPLATE_DIR(root);
  if (matchingTemplate(templateDir, migrationsFolder)) return void console.log('database template: up to date');
  const t0 = performance.now();
  await writeTemplate(templateDir, migrationsFolder, async (pgdata) => {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.dirname(pgdata) });
    await database.close();
  });
  console.log(`database template: ${path.relative(root, templateDir)} (${Math.round(performance.now() - t0)} ms)`);
}

fs.mkdirSync(BUILD_DIR(root), { recursive: true });
await bundleServer();
if (!values['no-template']) await buildTemplate();
