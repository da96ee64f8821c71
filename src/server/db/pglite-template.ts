import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A fresh embedded database starts from a copy of a template data folder that `npm run build` created with every
 * migration applied: PGlite's initdb and the migrations cost seconds, a copy a fraction of one. The template is
 * used only when it was made by this PGlite version from exactly this migrations folder (a hash of its files);
 * otherwise the start creates the cluster and migrates as before.
 */

const KEY_FILE = 'template-key.json';

/** The package does not export its package.json: read it beside its entry point (dist/index.cjs). */
const pgliteVersion = (): string => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return (JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
};

/** sha256 over every file of the migrations folder (names and bytes), in a stable order. */
export function migrationsHash(migrationsFolder: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = `${prefix}${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${rel}/`);
      else
        hash
          .update(`${rel}\0`)
          .update(fs.readFileSync(path.join(dir, entry.name)))
          .update('\0');
    }
  };
  walk(migrationsFolder, '');
  return hash.digest('hex');
}

export const templateKey = (migrationsFolder: string): string => JSON.stringify({ pglite: pgliteVersion(), migrations: migrationsHash(migrationsFolder) });

/** The template's data folder, when it matches these migrations and this PGlite; otherwise null. */
export function matchingTemplate(templateDir: string | undefined, migrationsFolder: string): string | null {
  if (!templateDir) return null;
  try {
    const key = fs.readFileSync(path.join(templateDir, KEY_FILE), 'utf8');
    return key === templateKey(migrationsFolder) ? path.join(templateDir, 'pgdata') : null;
  } catch {
    return null;
  }
}

/**
 * Copies a matching template into `pgdata` (which must not exist yet) through a temporary sibling and a rename, so a
 * stop half-way leaves no half-copied cluster behind. False when there is no matching template.
 */
export function copyTemplate(templateDir: string | undefined, migrationsFolder: string, pgdata: string): boolean {
  const source = matchingTemplate(templateDir, migrationsFolder);
  if (!source) return false;
  const partial = `${pgdata}.copying-${process.pid}`;
  try {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(source, partial, { recursive: true });
    fs.renameSync(partial, pgdata);
    return true;
  } catch {
    // A build replacing the template while we copied it: start the slow way rather than from half a copy.
    fs.rmSync(partial, { recursive: true, force: true });
    return false;
  }
}

/** Writes a template: `create` fills a fresh data folder (creates the cluster, migrates, closes it). */
export async function writeTemplate(templateDir: string, migrationsFolder: string, create: (pgdata: string) => Promise<void>): Promise<void> {
  const building = `${templateDir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  try {
    await create(path.join(building, 'pgdata'));
    fs.writeFileSync(path.join(building, KEY_FILE), templateKey(migrationsFolder));
    // Swapped in by renames: a start copying the old template meanwhile fails cleanly and starts without it.
    const old = `${templateDir}.old-${process.pid}`;
    if (fs.existsSync(templateDir)) fs.renameSync(templateDir, old);
    fs.renameSync(building, templateDir);
    fs.rmSync(old, { recursive: true, force: true });
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    throw error;
  }
}
