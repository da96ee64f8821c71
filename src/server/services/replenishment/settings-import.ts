import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SettingsImportAnswer } from '../../../domain/schemas/replenishment.js';
import type { CurrentUser } from '../../auth/access.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { runIdempotent } from '../idempotency.js';
import { validateSettings, writeSettings } from './settings-validate.js';

/** The caller's warehouses (every one: null), for the scope check of each row. */
async function scopeOf(db: DbOrTx, by: CurrentUser): Promise<(warehouseId: string) => boolean> {
  if (!by.warehouses) return () => true;
  const mine = new Set(
    rowsOf<{ id: string }>(
      await db.execute(sql`
    select warehouse_id::text as id from user_warehouses where user_id = ${by.warehouses.assignedTo}::uuid`),
    ).map((r) => r.id),
  );
  return (id) => mine.has(id);
}

const counts = (changes: { changed: boolean }[]) => ({ updated: changes.filter((c) => c.changed).length, unchanged: changes.filter((c) => !c.changed).length });

/**
 * POST /inventory/replenishment-settings/import: minimum and maximum stock, lead time, order multiple and preferred
 * seller of many inventory records from one CSV file. A dry run (the default) says what would change and every bad
 * cell; an import writes every row or none, in one transaction, at most once per Idempotency-Key.
 */
export function settingsImportService(db: Db) {
  return {
    async dryRun(csv: string, by: CurrentUser): Promise<SettingsImportAnswer> {
      const { changes, errors } = await validateSettings(db, csv, await scopeOf(db, by));
      return { dry_run: true, ...counts(changes), errors };
    },

    /** Checked again inside the transaction: the records may have changed since the dry run. */
    apply(csv: string, by: CurrentUser, key: string | string[] | undefined) {
      const payload = { dry_run: false, sha256: crypto.createHash('sha256').update(csv).digest('hex') };
      return runIdempotent(db, { key, userId: by.id, route: 'POST /inventory/replenishment-settings/import', payload }, async (tx) => {
        const { changes, errors } = await validateSettings(tx, csv, await scopeOf(tx, by));
        if (errors.length) {
          const body = { message: `The file has ${errors.length} error(s): nothing was changed`, dry_run: false, updated: 0, unchanged: 0, errors };
          return { status: 400, body };
        }
        await writeSettings(tx, changes);
        return { status: 200, body: { dry_run: false, ...counts(changes), errors: [] } satisfies SettingsImportAnswer };
      });
    },
  };
}
