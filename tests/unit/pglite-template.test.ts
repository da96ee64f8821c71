import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../../src/server/db/client.js';
import { matchingTemplate, writeTemplate } from '../../src/server/db/pglite-template.js';
import { insertCheckingKeysOnce } from '../../src/server/db/bulk-insert.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { pgCode } from '../../src/server/http/errors.js';
import { setPasswordHashCost } from '../../src/server/auth/passwords.js';
import { ensurePolicySeeded } from '../../src/server/auth/db-policy-source.js';
import { seedDemo } from '../../src/server/seed/seed-demo.js';
import { expectLedgerInvariant } from '../support/stock-ledger.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
const templateDir = path.join(tmp, 'template');
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

// Creating a PGlite cluster takes seconds, and much longer on a loaded CI machine.
const SLOW = 180_000;

const journalEntries = () => (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

describe('a fresh embedded database from the build template', () => {
  it(
    'starts as a copy of a template made from the same migrations, and ignores a template of other migrations',
    async () => {
      await writeTemplate(templateDir, migrationsFolder, async (pgdata) => {
        const made = await openDatabase({ kind: 'pglite', dataDir: path.dirname(pgdata) });
        // A mark only the template has: a database created the slow way would not.
        await made.db.execute(sql`create table template_mark (id int)`);
        await made.close();
      });
      expect(matchingTemplate(templateDir, migrationsFolder)).toBe(path.join(templateDir, 'pgdata'));

      const changed = path.join(tmp, 'migrations-changed');
      fs.cpSync(migrationsFolder, changed, { recursive: true });
      fs.appendFileSync(
        path.join(
          changed,
          fs
            .readdirSync(changed)
            .filter((f) => f.endsWith('.sql'))
            .sort()
            .pop()!,
        ),
        '\n-- edited\n',
      );
      expect(matchingTemplate(templateDir, changed)).toBeNull();
      expect(matchingTemplate(path.join(tmp, 'no-template'), migrationsFolder)).toBeNull();

      database = await openDatabase({ kind: 'pglite', dataDir: path.join(tmp, 'data') }, { pgliteTemplate: templateDir });
      const [mark] = rowsOf<{ exists: boolean }>(await database.db.execute(sql`select to_regclass('template_mark') is not null as exists`));
      expect(mark!.exists).toBe(true);
      const [migrated] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
      expect(migrated!.n).toBe(journalEntries());
      expect(fs.readdirSync(path.join(tmp, 'data')).filter((f) => f.includes('copying'))).toEqual([]);
    },
    SLOW,
  );

  it(
    'seeds the demo ledger with its foreign keys checked once for the set, and refuses a row whose key is missing',
    async () => {
      const db = database!.db;
      setPasswordHashCost('low');
      await ensurePolicySeeded(db);
      await seedDemo(db);
      await expectLedgerInvariant(db);

      const [before] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stock_movements`));
      const orphan = sql`
      insert into stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, value_change, performed_by, notes)
      select gen_random_uuid(), warehouse_id, 'in', 1, 0, 1, 0, performed_by, 'orphan' from stock_movements limit 1`;
      await expect(db.transaction((tx) => insertCheckingKeysOnce(tx, 'stock_movements', orphan))).rejects.toThrow(/stock_movements_product_id_products_id_fk/);
      const [after] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from stock_movements`));
      expect(after!.n).toBe(before!.n);
      // The row checks are back on: the same insert on its own is refused by PostgreSQL itself.
      expect(await db.execute(orphan).then(() => 'inserted', pgCode)).toBe('23503');
    },
    SLOW,
  );
});
