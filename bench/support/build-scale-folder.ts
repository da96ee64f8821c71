/**
 * Builds the scale data set (scale-data.ts) in an embedded database folder, in a process of its own, and prints its
 * ScaleData as JSON on the last line. PGlite's heap is in the process that opens it and never shrinks: built by the
 * bench's own process, the build's sorts and index builds (and the folder's first initdb) stayed in the RSS measured
 * for the API. The product's server opens a folder already built, as the bench then does.
 *
 *   tsx bench/support/build-scale-folder.ts <folder> '<ScaleOptions as JSON>'
 */
import { openBenchDb, seedBenchDemo } from './bench-kit.js';
import { buildScaleData, type ScaleOptions } from './scale-data.js';

const [folder, json] = process.argv.slice(2);
if (!folder || !json) throw new Error('usage: build-scale-folder.ts <folder> <options as JSON>');
const bench = await openBenchDb('pglite', 1, folder);
await seedBenchDemo(bench.database);
const built = await buildScaleData(bench.database.db, JSON.parse(json) as ScaleOptions);
await bench.close();
console.log(JSON.stringify(built));
