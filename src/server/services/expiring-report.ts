import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { EXPIRY_WINDOWS, type ExpiringDownloadQuery, type ExpiringQuery, type ExpiringRow, type ExpiryWindowTotal } from '../../domain/schemas/batches.js';
import { badRequest, isUuid } from '../http/errors.js';
import { sendCsvDownload } from '../http/csv-download.js';
import { downloadWords } from './report-language.js';
import { warehouseFilterRaw, type WarehouseScope } from '../auth/warehouse-scope.js';

type Window = (typeof EXPIRY_WINDOWS)[number];
const daysLeft = sql`(b.expiry_date - stock_today())`;
const inWindow = (w: Window): SQL => (w.from === null ? sql`${daysLeft} <= ${w.to}` : sql`${daysLeft} between ${w.from} and ${w.to}`);
const batchValue = sql`stock_value_of(i.current_stock, i.stock_value, b.current_stock)`;

/** The expiry days the filters keep, in the caller's warehouses (`b`: a batch, or a row of the kept expiry totals). */
function periodOf(query: ExpiringDownloadQuery, scope: WarehouseScope): SQL {
  let warehouseId: string | undefined;
  if (query.warehouse_id !== undefined) {
    if (!isUuid(query.warehouse_id)) throw badRequest('warehouse_id', 'Warehouse not found');
    warehouseId = query.warehouse_id.toLowerCase();
  }
  return sql`b.expiry_date <= stock_today() + ${query.days}::int
    and (${query.include_expired}::boolean or b.expiry_date >= stock_today())
    ${warehouseId ? sql`and b.warehouse_id = ${warehouseId}::uuid` : sql``}
    and ${warehouseFilterRaw(scope, 'b.warehouse_id')}`;
}

/** The window asked for, as a condition on `b` (true when none is). */
const askedWindow = (query: ExpiringDownloadQuery): SQL => {
  const window = query.window ? EXPIRY_WINDOWS.find((w) => w.key === query.window) : undefined;
  return window ? inWindow(window) : sql`true`;
};

/** The batches the filters keep (in the window asked for, if any): holding stock, with an expiry date. */
function whereOf(query: ExpiringDownloadQuery, scope: WarehouseScope): SQL {
  return sql`b.current_stock > 0 and b.expiry_date is not null and ${periodOf(query, scope)} and ${askedWindow(query)}`;
}

// A batch's balance is probed through its unique (product, warehouse) index, batch by batch: joined as a table the
// planner hashes every balance of the business (a seq scan of millions) for the few thousand batches of a window.
const balanceOfBatch = sql.raw(
  'cross join lateral (select * from inventory i where i.product_id = b.product_id and i.warehouse_id = b.warehouse_id limit 1) i',
);
const rowsFrom = sql`
  from stock_batches b
  ${balanceOfBatch}
  join products p on p.id = b.product_id
  join warehouses w on w.id = b.warehouse_id`;
const order = sql`order by b.expiry_date, p.productname, w.name, b.batch_no`;

/**
 * GET /inventory/expiring and its download (issue 17; paged in issue 33): batches holding stock that expire within
 * `days` (and, with include_expired, those already expired), earliest first. The answer is a page of them; its totals
 * (and each window's batches, units and value) cover every matching batch, from SQL. Value = quantity × the record's
 * average cost.
 */
export function expiringReport(db: Db) {
  return {
    async page(query: ExpiringQuery, scope: WarehouseScope = null) {
      const where = whereOf(query, scope);
      // The window asked for, if any, narrows the totals and the page; each window's own figures ignore it.
      const asked = askedWindow(query);
      const [data, [totals]] = await Promise.all([
        // The page's batches first, in the report's order, then each one's balance for its value: the balances of the
        // batches before the page are not read.
        db
          .execute(
            sql`
          select pg.product_id, pg.product_name, pg.warehouse_id, pg.warehouse_name, pg.batch_no, pg.expiry_date, pg.days_to_expiry,
                 pg.quantity, stock_value_of(i.current_stock, i.stock_value, pg.quantity)::float8 as value
            from (
              select b.product_id, p.productname as product_name, b.warehouse_id, w.name as warehouse_name, b.batch_no,
                     to_char(b.expiry_date, 'YYYY-MM-DD') as expiry_date, ${daysLeft} as days_to_expiry, b.current_stock as quantity
                from stock_batches b
                join products p on p.id = b.product_id
                join warehouses w on w.id = b.warehouse_id
               where ${where}
               ${order}
               limit ${query.limit} offset ${(query.page - 1) * query.limit}) pg
           cross join lateral (
             select i.current_stock, i.stock_value from inventory i where i.product_id = pg.product_id and i.warehouse_id = pg.warehouse_id limit 1) i
           order by pg.expiry_date, pg.product_name, pg.warehouse_name, pg.batch_no`,
          )
          .then((r) => rowsOf<ExpiringRow>(r)),
        // The totals and every window's from the kept expiry totals (functions/47-expiry-totals.sql): a row per
        // warehouse and day, the records written since the last reader worked out first, in this transaction.
        db.transaction(async (tx) => {
          await tx.execute(sql`select expiry_totals_take_dirty()`);
          return rowsOf<Record<string, number>>(
            await tx.execute(sql`
          select coalesce(sum(b.batches) filter (where ${asked}), 0)::int as total,
                 coalesce(sum(b.quantity) filter (where ${asked}), 0)::float8 as total_quantity,
                 coalesce(sum(b.stock_value) filter (where ${asked}), 0)::float8 as total_value,
                 ${sql.join(
                   EXPIRY_WINDOWS.map(
                     (w, n) =>
                       sql`coalesce(sum(b.batches) filter (where ${inWindow(w)}), 0)::int as ${sql.raw(`b${n}`)},
                    coalesce(sum(b.quantity) filter (where ${inWindow(w)}), 0)::float8 as ${sql.raw(`q${n}`)},
                    coalesce(sum(b.stock_value) filter (where ${inWindow(w)}), 0)::float8 as ${sql.raw(`v${n}`)}`,
                   ),
                   sql`, `,
                 )}
            from expiry_totals b
           where ${periodOf(query, scope)}`),
          );
        }),
      ]);
      const windowTotals: ExpiryWindowTotal[] = EXPIRY_WINDOWS.map((w, n) => ({
        key: w.key,
        batches: totals?.[`b${n}`] ?? 0,
        quantity: totals?.[`q${n}`] ?? 0,
        value: totals?.[`v${n}`] ?? 0,
      }));
      return {
        data,
        total: totals?.total ?? 0,
        total_quantity: totals?.total_quantity ?? 0,
        total_value: totals?.total_value ?? 0,
        page: query.page,
        limit: query.limit,
        windows: windowTotals,
      };
    },

    /** Every matching batch as CSV, streamed; without `seesCosts` no Value column. */
    async download(reply: FastifyReply, query: ExpiringDownloadQuery, scope: WarehouseScope = null, seesCosts = true): Promise<FastifyReply> {
      const where = whereOf(query, scope);
      const [warehouse] = query.warehouse_id
        ? rowsOf<{ name: string }>(await db.execute(sql`select name from warehouses where id = ${query.warehouse_id}::uuid`))
        : [];
      const slug = warehouse ? warehouse.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') : 'all-warehouses';
      type CsvRow = Omit<ExpiringRow, 'product_id' | 'warehouse_id'> & { window: string | null };
      const label = sql.join(
        EXPIRY_WINDOWS.map((w) => sql`when ${inWindow(w)} then ${w.label}`),
        sql` `,
      );
      const words = downloadWords(reply);
      return sendCsvDownload<CsvRow>(reply, db, {
        filename: `expiry-report-${slug}.csv`,
        header: ['Bucket', 'Warehouse', 'Product', 'Batch', 'Expiry date', 'Days to expiry', 'Quantity', ...(seesCosts ? ['Value'] : [])].map(words),
        query: sql`
          select case ${label} end as window, w.name as warehouse_name, p.productname as product_name, b.batch_no,
                 to_char(b.expiry_date, 'YYYY-MM-DD') as expiry_date, ${daysLeft} as days_to_expiry, b.current_stock as quantity,
                 ${batchValue}::float8 as value
            ${rowsFrom}
           where ${where}
           ${order}`,
        toCells: (r) => [
          r.window === null ? '' : words(r.window),
          r.warehouse_name,
          r.product_name,
          r.batch_no,
          r.expiry_date,
          r.days_to_expiry,
          r.quantity,
          ...(seesCosts ? [r.value ?? ''] : []),
        ],
      });
    },
  };
}
