import { execFileSync } from 'node:child_process';

/** `drizzle-kit generate --name <name>` in `root` (its drizzle.config.ts): the next migration, from the schema's difference. */
export function drizzleGenerate(root: string, name: string): void {
  execFileSync('npx', ['drizzle-kit', 'generate', '--name', name], { cwd: root, stdio: 'inherit' });
}

/** A migration's name as drizzle-kit writes it: 'purchase-orders' → 'purchase_orders'. */
export const migrationNameOf = (name: string) => name.replace(/-/g, '_');
