import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { CurrentUser } from '../auth/access.js';
import {
  STOCK_TAKE_LINES_PAGE,
  type StockTakeCountsInput,
  type StockTakeCreateInput,
  type StockTakeShowQuery,
  type StockTakeStatus,
  type StockTakeSummary,
} from '../../domain/schemas/stock-take.js';
import type { ListQuery } from '../../domain/schemas/common.js';
import { HttpError, badRequest, conflict, notFound, pgCode, requireId, requireRef } from '../http/errors.js';
import { containsPattern, offsetOf } from './list-helpers.js';
import { assertRecordWritable, assertWarehouseWritable, warehouseFilterRaw, type WarehouseScope } from '../auth/warehouse-scope.js';
import { transactionAs } from '../db/actor.js';
import { recordEvent } from './record-history.js';

export type StockTakeOut = StockTakeSummary;

export type StockTakeLineOut = {
  product_id: string;
  productname: string;
  sku: string | null;
  barcode: string | null;
  expected: number;
  counted: number | null;
  variance: number | null;
  unit_cost: number;
  /** variance × unit cost: a cost figure. */
  variance_value: number | null;
  counted_by_name: string | null;
  counted_at: string | null;
};

/** Which lines have a variance would tell a blind counter which counts match the expected stock. */
export const BLIND_VARIANCES_MESSAGE = 'The variances of a blind count are shown only to whoever may apply it';

type OpenTake = { id: string; category_name: string | null; warehouse_name: string; created_by_name: string | null; started: string };

/** 409 naming the open stock take a new one would count the same products as. */
function overlapping(open: OpenTake): HttpError {
  const what = open.category_name ? `of ${open.category_name}` : 'of every product';
  const who = open.created_by_name ? ` by ${open.created_by_name}` : '';
  return new HttpError(
    409,
    `A stock take ${what} in ${open.warehouse_name} is still open (started ${open.started}${who}): apply or cancel it ` +
      'before starting another that counts the same products.',
    undefined,
    undefined,
    { open_stock_take_id: open.id },
  );
}

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The header columns of a stock take, for list and show alike. */
const headerSelect = sql`
  select t.id as "_id", t.warehouse_id, w.name as warehouse_name, t.category_id, c.name as category_name, t.blind, t.status,
         nullif(trim(u.firstname || ' ' || u.lastname), '') as created_by_name, ${iso('t.applied_at')} as applied_at,
         ${iso('t.created')} as created,
         t.lines_total, t.lines_counted
    from stock_takes t
    join warehouses w on w.id = t.warehouse_id
    left join categories c on c.id = t.category_id
    left join users u on u.id = t.created_by`;

export function stockTakeService(db: Db) {
  async function header(id: string, scope: WarehouseScope = null): Promise<StockTakeOut> {
    const [row] = rowsOf<StockTakeOut>(await db.execute(sql`${headerSelect} where t.id = ${id}::uuid and ${warehouseFilterRaw(scope, 't.warehouse_id')}`));
    if (!row) throw notFound('Stock take');
    return row;
  }

  /** A change to a stock take of a warehouse outside the user's scope is refused before anything is written. */
  const warehouseOfTake = (id: string) => async () =>
    rowsOf<{ warehouse_id: string }>(
      await db.execute(sql`
    select warehouse_id from stock_takes where id = ${id}::uuid`),
    )[0]?.warehouse_id ?? null;

  return {
    async list(query: ListQuery & { status?: StockTakeStatus; warehouse_id?: string }, scope: WarehouseScope = null) {
      const warehouse = query.warehouse_id === undefined ? null : requireRef(query.warehouse_id, 'warehouse_id', 'Warehouse');
      const where = sql`where (${query.status ?? null}::text is null or t.status = ${query.status ?? null}::text)
        and (${warehouse}::uuid is null or t.warehouse_id = ${warehouse}::uuid) and ${warehouseFilterRaw(scope, 't.warehouse_id')}`;
      const [rows, [total]] = await Promise.all([
        db.execute(sql`${headerSelect} ${where} order by t.created desc, t.id desc limit ${query.limit} offset ${offsetOf(query)}`),
        db.execute(sql`select count(*)::int as n from stock_takes t ${where}`).then((r) => rowsOf<{ n: number }>(r)),
      ]);
      return { rows: rowsOf<StockTakeOut>(rows), total: total?.n ?? 0 };
    },

    /**
     * The header, the totals over every line (SQL aggregates), and a page of lines in the sheet's order (product name)
     * with expected, counted, variance and its value (at the balance's average cost when counted), filtered by `q`, `only_variances` or
     * `uncounted`; `at_product` asks for the page holding that product's line. A blind count keeps its expected
     * figures, and everything derived from them (variances, their value and totals, which lines an only-variances
     * filter would keep), from whoever may not apply it until it is applied: a cancelled one too, as its expected
     * figures are as good as the next count's.
     */
    async get(rawId: string, query: Partial<StockTakeShowQuery> = {}, by?: CurrentUser) {
      const { only_variances: onlyVariances = false, uncounted = false, q, limit = STOCK_TAKE_LINES_PAGE.limit } = query;
      const id = requireId(rawId, 'Stock take');
      const take = await header(id, by?.warehouses ?? null);
      // Fails closed: without an answer from the policy, the figures stay hidden.
      const hideExpected = take.blind && take.status !== 'applied' && by?.may?.('stock-takes', 'apply') !== true;
      if (hideExpected && onlyVariances) throw new HttpError(403, BLIND_VARIANCES_MESSAGE);
      const search = q ? sql`and (p.productname ilike ${containsPattern(q)} or lower(p.sku) = lower(${q}) or p.barcode = ${q})` : sql``;
      // Written only when asked for, so the planner meets each filter as it is (a varied line: its partial indexes).
      const where = sql`l.stock_take_id = ${id}::uuid ${onlyVariances ? sql`and l.varied` : sql``}
           ${uncounted ? sql`and l.counted is null` : sql``} ${search}`;
      const filtered = onlyVariances || uncounted || !!q;
      const atProduct = query.at_product ? requireRef(query.at_product, 'at_product', 'Product') : null;
      const [[totals], [matching], [position]] = await Promise.all([
        // The line counts and the variances' quantity and value are the header's, kept by the lines' triggers
        // (40-stock-takes.sql): a sheet of a million lines is not read to total a page.
        db
          .execute(
            sql`select t.lines_varied as variances, t.variance_quantity::float8 as variance_quantity,
                       t.variance_value::float8 as variance_value
                  from stock_takes t where t.id = ${id}::uuid`,
          )
          .then((r) =>
            rowsOf<{ variances: number; variance_quantity: number; variance_value: number }>(r).map((v) => ({
              ...v,
              lines: take.lines_total,
              counted: take.lines_counted,
            })),
          ),
        // What a search keeps is counted; without one, the kept counts say what the filters keep.
        q
          ? db
              .execute(sql`select count(*)::int as n from stock_take_lines l join products p on p.id = l.product_id where ${where}`)
              .then((r) => rowsOf<{ n: number }>(r))
          : Promise.resolve([] as { n: number }[]),
        // The line's place in the sheet's order among the lines shown: how many come before it (the index's order).
        atProduct
          ? db
              .execute(
                sql`select (select count(*)::int from stock_take_lines l join products p on p.id = l.product_id
                             where ${where} and (l.sort_name, l.product_id) < (a.sort_name, a.product_id)) as before
                      from stock_take_lines a where a.stock_take_id = ${id}::uuid and a.product_id = ${atProduct}::uuid and ${filtered ? sql`exists (select 1 from stock_take_lines l join products p on p.id = l.product_id where ${where} and l.product_id = a.product_id)` : sql`true`}`,
              )
              .then((r) => rowsOf<{ before: number }>(r))
          : Promise.resolve([] as { before: number }[]),
      ]);
      const page = position && limit > 0 ? Math.floor(position.before / limit) + 1 : (query.page ?? 1);
      const lines =
        limit === 0
          ? []
          : rowsOf<StockTakeLineOut>(
              await db.execute(sql`
        select l.product_id, p.productname, p.sku, p.barcode, l.expected, l.counted, l.counted - l.expected as variance,
               coalesce(i.unit_cost, 0)::float8 as unit_cost,
               l.variance_value::float8 as variance_value,
               nullif(trim(u.firstname || ' ' || u.lastname), '') as counted_by_name, ${iso('l.counted_at')} as counted_at
          from (
            -- The page's lines first, through the sheet's index alone, then their names and balances: a deep page
            -- skips its offset's lines without joining each (a million-line sheet's last page cost seconds).
            select l.product_id from stock_take_lines l ${q ? sql`join products p on p.id = l.product_id` : sql``}
             where ${where}
             order by l.sort_name, l.product_id
             limit ${limit} offset ${(page - 1) * limit}) pg
          join stock_take_lines l on l.stock_take_id = ${id}::uuid and l.product_id = pg.product_id
          join products p on p.id = l.product_id
          left join inventory i on i.product_id = l.product_id and i.warehouse_id = ${take.warehouse_id}::uuid
          left join users u on u.id = l.counted_by
         order by l.sort_name, l.product_id`),
            );
      const all = totals!;
      const kept = onlyVariances ? (uncounted ? 0 : all.variances) : uncounted ? all.lines - all.counted : all.lines;
      const paging = { page, limit, lines_matching: q ? (matching?.n ?? 0) : kept };
      const summary = {
        lines: all.lines,
        counted: all.counted,
        not_counted: all.lines - all.counted,
        variances: all.variances,
        variance_quantity: all.variance_quantity,
        variance_value: all.variance_value,
      };
      if (hideExpected) {
        const blindLines = lines.map((l) => ({ ...l, expected: null, variance: null, variance_value: null }));
        return {
          ...take,
          expected_hidden: true,
          lines: blindLines,
          ...paging,
          totals: { ...summary, variances: null, variance_quantity: null, variance_value: null },
        };
      }
      return { ...take, expected_hidden: false, lines, ...paging, totals: summary };
    },

    /**
     * Lists every product of the warehouse (of one category, if given) with its balance now: ONE statement, so every
     * expected figure is as of the same instant, the stock take's start.
     */
    async create(input: StockTakeCreateInput, by: CurrentUser) {
      const warehouseId = requireRef(input.warehouse_id, 'warehouse_id', 'Warehouse');
      await assertWarehouseWritable(db, by.warehouses ?? null, warehouseId);
      const categoryId = input.category_id === undefined ? null : requireRef(input.category_id, 'category_id', 'Category');
      const id = await transactionAs(db, by, async (tx) => {
        const [warehouse] = rowsOf<{ id: string }>(await tx.execute(sql`select id from warehouses where id = ${warehouseId}::uuid`));
        if (!warehouse) throw badRequest('warehouse_id', 'Warehouse not found');
        if (categoryId) {
          const [category] = rowsOf<{ id: string }>(await tx.execute(sql`select id from categories where id = ${categoryId}::uuid`));
          if (!category) throw badRequest('category_id', 'Category not found');
        }
        // One open count per product: starts and applies of this warehouse's stock takes take turns (the SQL function's
        // lock), so two starts cannot both find no overlap.
        await tx.execute(sql`select stock_take_lock_warehouse(${warehouseId}::uuid)`);
        const [open] = rowsOf<OpenTake>(
          await tx.execute(sql`
          select t.id, c.name as category_name, w.name as warehouse_name,
                 nullif(trim(u.firstname || ' ' || u.lastname), '') as created_by_name,
                 to_char(t.created at time zone 'Asia/Kolkata', 'DD Mon YYYY HH24:MI') as started
            from stock_takes t join warehouses w on w.id = t.warehouse_id
            left join categories c on c.id = t.category_id left join users u on u.id = t.created_by
           where t.warehouse_id = ${warehouseId}::uuid and t.status = 'open'
             and (t.category_id is null or ${categoryId}::uuid is null or t.category_id = ${categoryId}::uuid)
           order by t.created limit 1`),
        );
        if (open) throw overlapping(open);
        // Its start is the instant it took the lock (not its transaction's start): applies compare against it.
        const [take] = rowsOf<{ id: string }>(
          await tx.execute(sql`
          insert into stock_takes (warehouse_id, category_id, blind, created_by, created, modified)
          values (${warehouseId}::uuid, ${categoryId}::uuid, ${input.blind}, ${by.id}::uuid, clock_timestamp(), clock_timestamp())
          returning id`),
        );
        await tx.execute(sql`
          insert into stock_take_lines (stock_take_id, product_id, expected, sort_name)
          select ${take!.id}::uuid, i.product_id, i.current_stock, lower(p.productname)
            from inventory i join products p on p.id = i.product_id
           where i.warehouse_id = ${warehouseId}::uuid and (${categoryId}::uuid is null or p.category_id = ${categoryId}::uuid)`);
        return take!.id;
      });
      return header(id);
    },

    /**
     * Saves counts line by line as counters go (several at once). A product not on the sheet (found on the shelf with
     * no balance at the start) joins it with 0 expected; one of another category than the count's is refused.
     */
    async saveCounts(rawId: string, input: StockTakeCountsInput, by: CurrentUser) {
      const id = requireId(rawId, 'Stock take');
      const lines = input.lines.map((l, i) => ({ product_id: requireRef(l.product_id, `lines.${i}.product_id`, 'Product'), counted: l.counted }));
      const seen = new Set<string>();
      lines.forEach((l, i) => {
        if (seen.has(l.product_id)) throw badRequest(`lines.${i}.product_id`, 'This product is listed twice');
        seen.add(l.product_id);
      });
      await assertRecordWritable(db, by.warehouses ?? null, warehouseOfTake(id));
      await transactionAs(db, by, async (tx) => {
        // The lines' statement trigger updates this row's counts (40-stock-takes.sql): the save takes that row lock now, not
        // a shared one it would upgrade later (two counters sharing it and both upgrading is a deadlock). Counters queue
        // on the row for their short save; an apply or cancel (FOR UPDATE) waits for this save, or this for it.
        const [take] = rowsOf<{ status: StockTakeStatus; category_id: string | null; warehouse_id: string }>(
          await tx.execute(sql`
          select status, category_id, warehouse_id from stock_takes where id = ${id}::uuid for no key update`),
        );
        if (!take) throw notFound('Stock take');
        if (take.status !== 'open') throw conflict(`This stock take is ${take.status}: counts can no longer change`);
        const known = rowsOf<{ id: string; category_id: string; productname: string }>(
          await tx.execute(sql`
          select id, category_id, productname from products where id in (select (value->>0)::uuid from jsonb_array_elements(${JSON.stringify(lines.map((l) => [l.product_id]))}::jsonb))`),
        );
        const byId = new Map(known.map((p) => [p.id, p]));
        lines.forEach((l, i) => {
          const product = byId.get(l.product_id);
          if (!product) throw badRequest(`lines.${i}.product_id`, 'Product not found');
          if (take.category_id && product.category_id !== take.category_id) {
            throw badRequest(`lines.${i}.product_id`, `${product.productname} is not in this stock take's category`);
          }
        });
        await tx.execute(sql`
          insert into stock_take_lines as l (stock_take_id, product_id, expected, counted, counted_by, counted_at, sort_name)
          select ${id}::uuid, r.product_id, 0, r.counted, ${by.id}::uuid, now(), lower(p.productname)
            from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as r(product_id uuid, counted int)
            join products p on p.id = r.product_id
           order by r.product_id
          on conflict (stock_take_id, product_id) do update
             set counted = excluded.counted, counted_by = excluded.counted_by, counted_at = excluded.counted_at`);
        // Counts are the take's lines, not its row: the step is recorded here, each product and its count in the entry.
        await recordEvent(tx, {
          resource: 'stock-takes',
          recordId: id,
          action: 'counted',
          by,
          changes: Object.fromEntries(lines.map((l) => [byId.get(l.product_id)!.productname, [null, l.counted]])),
          warehouseId: take.warehouse_id,
        });
      });
      return { message: `${lines.length} count(s) saved`, saved: lines.length };
    },

    /**
     * Review's 'Count all uncounted as zero': every line nobody counted is counted 0, in one statement (a count of a
     * whole warehouse may leave thousands); the history entry says how many.
     */
    async countUncountedAsZero(rawId: string, by: CurrentUser) {
      const id = requireId(rawId, 'Stock take');
      await assertRecordWritable(db, by.warehouses ?? null, warehouseOfTake(id));
      const saved = await transactionAs(db, by, async (tx) => {
        const [take] = rowsOf<{ status: StockTakeStatus; warehouse_id: string }>(
          // The row lock the lines' count trigger takes, taken first (see saveCounts).
          await tx.execute(sql`select status, warehouse_id from stock_takes where id = ${id}::uuid for no key update`),
        );
        if (!take) throw notFound('Stock take');
        if (take.status !== 'open') throw conflict(`This stock take is ${take.status}: counts can no longer change`);
        const [row] = rowsOf<{ n: number }>(
          await tx.execute(sql`
          with counted as (
            update stock_take_lines set counted = 0, counted_by = ${by.id}::uuid, counted_at = now()
             where stock_take_id = ${id}::uuid and counted is null
            returning 1)
          select count(*)::int as n from counted`),
        );
        const n = row?.n ?? 0;
        if (n > 0) {
          await recordEvent(tx, {
            resource: 'stock-takes',
            recordId: id,
            action: 'counted',
            by,
            changes: { [`${n} uncounted line(s)`]: [null, 0] },
            warehouseId: take.warehouse_id,
          });
        }
        return n;
      });
      return { message: `${saved} line(s) counted as zero`, saved };
    },

    /**
     * THE apply path (one SQL function, migration 0007): one adjustment per variance, in one transaction, on top of
     * what moved since the start; a second apply replays the first answer and changes nothing.
     */
    async apply(rawId: string, by: CurrentUser): Promise<{ status: number; body: unknown; replayed: boolean }> {
      const id = requireId(rawId, 'Stock take');
      await assertRecordWritable(db, by.warehouses ?? null, warehouseOfTake(id));
      try {
        const [row] = rowsOf<{ o: { status: number; body: unknown; replayed?: boolean } }>(
          await db.execute(sql`
          select stock_take_apply(${id}::uuid, ${by.id}::uuid) as o`),
        );
        const outcome = row!.o;
        return { status: outcome.status, body: outcome.body, replayed: outcome.replayed ?? false };
      } catch (error) {
        if (pgCode(error) === '22003') throw new HttpError(400, 'The value of an adjustment (quantity × unit cost) is too large');
        throw error;
      }
    },

    async cancel(rawId: string, by: CurrentUser) {
      const id = requireId(rawId, 'Stock take');
      await assertRecordWritable(db, by.warehouses ?? null, warehouseOfTake(id));
      const [row] = rowsOf<{ status: StockTakeStatus }>(
        await transactionAs(db, by, (tx) =>
          tx.execute(sql`
        with target as (select id, status from stock_takes where id = ${id}::uuid for update),
        changed as (
          update stock_takes t set status = 'cancelled', cancelled_at = now(), modified = now()
            from target where t.id = target.id and target.status = 'open' returning t.status)
        select coalesce((select status from changed), (select status from target)) as status`),
        ),
      );
      if (!row?.status) throw notFound('Stock take');
      if (row.status === 'applied') throw conflict('This stock take was applied: it cannot be cancelled');
      return { message: 'Stock take cancelled' };
    },
  };
}
