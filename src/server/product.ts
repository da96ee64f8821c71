import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Product = { name: string; version: string; root: string };

let found: Product | undefined;

/**
 * This installation: the product's name and version from its package.json, and the folder that holds it. Looked up from
 * this file's folder, which is src/server when run from source and build/server in the bundle.
 */
export function product(): Product {
  if (found) return found;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; version: string };
      found = { name: pkg.name, version: pkg.version, root: dir };
      return found;
    }
    if (path.dirname(dir) === dir) throw new Error('package.json not found above the server');
  }
}
