/**
 * Data at a real business's size, in set-based SQL (generate_series), shared by the benches: N products, a city
 * 'Benchpur' with W warehouses — the first holds EVERY product (the 100k-product warehouse), each product is also
 * in one other — and M ledger rows spread over the last D days, each balance (stock and value, at one unit cost per
 * balance) equal to the sum of its rows, exactly as if they had gone through the API. Runs on top of the demo data (users, categories, cities).
 *
 * Every table the triggers keep holds what the triggers would have written. The bulk statements run with their
 * tables' indexes dropped (each rebuilt once afterwards, exactly as defined) and, where a row trigger would fire once
 * per row, without it: the same rows are then written by one set-based statement (the history entries, as
 * record_history_capture writes them; a balance's unit cost, as inventory_average_cost sets it). The statement
 * triggers (daily totals, valuation order, reorder marks, stock totals, expiry marks) run as always: they see all of a
 * statement's rows at once. Foreign keys are not checked row by row where the role may switch the checks off (a
 * superuser: the bench's cluster, PGlite): every key written was read from its table in the same transaction.
 * `rowByRow` builds the same data with every trigger and check on, as the product writes it: what
 * tests/api/scale-data.test.ts compares the bulk build with.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/rows.js';

/**
 * `bulkMemory`: sorts and index builds in up to 256/512 MB. On PostgreSQL that is the server's memory, given back; on
 * PGlite it would be this process's heap, which never shrinks.
 */
export type ScaleOptions = {
  products: number;
  warehouses?: number;
  movements?: number;
  days?: number;
  bulkMemory?: boolean;
  /** Every 10th product tracks expiry from its creation: each of its balances' ledger rows and stock in one dated batch. */
  expiry?: boolean;
  /** Every row through its triggers and key checks (slow): the reference the bulk build is tested against. */
  rowByRow?: boolean;
  /**
   * The build's now (default: its transaction's). Two builds compared row for row share one: built a few seconds
   * apart, a movement near midnight fell on another business day in one of them.
   */
  now?: Date;
};
/** `batches`: the batches of the products tracking expiry; `steps`: seconds each part of the build took, in order. */
export type ScaleData = {
  cityId: string;
  bigWarehouseId: string;
  adminId: string;
  pairs: number;
  movements: number;
  batches: number;
  steps: [string, number][];
};

const one = async <T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T> => rowsOf<T>(await db.execute(query))[0]!;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Drops `table`'s indexes — with `constraints`, its primary key and unique ones too, and the foreign keys of other
 * tables that lean on them — and answers the statements recreating all of it exactly as defined, in order. A bulk
 * load then builds each index once, sorted, instead of row by row (a uuid key's index, row by row, is random writes
 * all over an index larger than the server's buffers).
 */
async function dropIndexes(db: DbOrTx, table: string, constraints = false): Promise<string[]> {
  const indexes = rowsOf<{ oid: number; name: string; definition: string; owner: string | null; owned: string | null }>(
    await db.execute(sql`
    select x.indexrelid::int as oid, i.relname as name, pg_get_indexdef(x.indexrelid) as definition,
           c.conname as owner, pg_get_constraintdef(c.oid) as owned
      from pg_index x join pg_class i on i.oid = x.indexrelid
      left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u', 'x')
     where x.indrelid = ${table}::regclass
     order by i.relname`),
  ).filter((index) => constraints || index.owner === null);
  if (indexes.length === 0) return [];
  const leaning = rowsOf<{ rel: string; name: string; definition: string }>(
    await db.execute(sql`
    select c.conrelid::regclass::text as rel, c.conname as name, pg_get_constraintdef(c.oid) as definition from pg_constraint c
     where c.contype = 'f' and c.conindid = any (${`{${indexes.map((i) => i.oid).join(',')}}`}::oid[])
     order by 1, 2`),
  );
  for (const key of leaning) await db.execute(sql.raw(`alter table ${key.rel} drop constraint ${ident(key.name)}`));
  for (const index of indexes) {
    await db.execute(sql.raw(index.owner ? `alter table ${ident(table)} drop constraint ${ident(index.owner)}` : `drop index ${ident(index.name)}`));
  }
  return [
    ...indexes.map((i) => (i.owner ? `alter table ${ident(table)} add constraint ${ident(i.owner)} ${i.owned}` : i.definition)),
    ...leaning.map((key) => `alter table ${key.rel} add constraint ${ident(key.name)} ${key.definition}`),
  ];
}

async function run(db: DbOrTx, statements: string[]): Promise<void> {
  for (const statement of statements) await db.execute(sql.raw(statement));
}

/** The triggers checking `table`'s foreign keys row by row, when this role may switch them off (a superuser); else none. */
async function keyChecks(db: DbOrTx, table: string): Promise<[string, string][]> {
  const [role] = rowsOf<{ superuser: boolean }>(await db.execute(sql`select rolsuper as superuser from pg_roles where rolname = current_user`));
  if (!role?.superuser) return [];
  return rowsOf<{ name: string }>(
    await db.execute(sql`
    select t.tgname as name from pg_trigger t join pg_constraint c on c.oid = t.tgconstraint
     where t.tgrelid = ${table}::regclass and c.conrelid = t.tgrelid and c.contype = 'f' order by 1`),
  ).map((t) => [table, t.name]);
}

/**
 * Runs `work` with these triggers off (inside the caller's transaction: if it fails, they were never off), then on.
 */
async function withoutTriggers(db: DbOrTx, triggers: [string, string][], work: () => Promise<unknown>): Promise<void> {
  for (const [table, name] of triggers) await db.execute(sql.raw(`alter table ${ident(table)} disable trigger ${ident(name)}`));
  await work();
  for (const [table, name] of triggers) await db.execute(sql.raw(`alter table ${ident(table)} enable trigger ${ident(name)}`));
}

/**
 * The 'created' history entries record_history_capture (functions/60-history.sql) writes for rows of `table`, as a
 * select of record_history's columns from `rows` (the rows written, in the order written; the function's
 * `record ->> c` is `to_jsonb(r.c) #>> '{}'`), with that table's own trigger's arguments (resource, warehouse column,
 * label columns, columns never recorded).
 */
async function createdEntries(db: DbOrTx, table: string, rows: string): Promise<string> {
  const [trigger] = rowsOf<{ args: Uint8Array; count: number }>(
    await db.execute(sql`select tgargs as args, tgnargs as count from pg_trigger where tgrelid = ${table}::regclass and tgname = 'record_history'`),
  );
  if (!trigger) throw new Error(`${table} has no history trigger`);
  // Its arguments: each ended by a zero byte.
  const args = Buffer.from(trigger.args).toString('utf8').split('\0').slice(0, trigger.count);
  const [resource, warehouseColumn, labelColumns, ...unrecorded] = args as [string, string, string, ...string[]];
  if (unrecorded.some((c) => c.startsWith('*'))) throw new Error(`${table}: the entries of a table with secret columns are left to its trigger`);
  const value = (column: string) => `(to_jsonb(r.${ident(column)}) #>> '{}')`;
  // An inventory record is named by its product and warehouse, every other record by its own columns (as in the function).
  const label =
    table === 'inventory'
      ? `(select p.productname || ' · ' || w.name from products p, warehouses w where p.id = r.product_id and w.id = r.warehouse_id)`
      : `nullif(array_to_string(array[${labelColumns.split(' ').filter(Boolean).map(value).join(', ')}]::text[], ' '), '')`;
  return `
    select ${literal(resource)} as resource, ${value('id')} as record_id, ${label} as record_label, 'created' as action,
           null::jsonb as changes, a.actor as user_id,
           (select nullif(trim(u.firstname || ' ' || u.lastname), '') from users u where u.id = a.actor) as user_name,
           ${warehouseColumn ? `r.${ident(warehouseColumn)}` : 'null::uuid'} as warehouse_id
      from ${rows} r
     cross join (select nullif(current_setting('app.actor_id', true), '')::uuid as actor) a
     where current_setting('app.history_quiet', true) is distinct from 'on'`;
}

/**
 * Runs `written` (an insert … returning *) with `table`'s history trigger off and writes its 'created' entries in the
 * same statement (createdEntries), announcing them as app_event_of_history (functions/70-events.sql) announces each
 * entry of a transaction, that trigger being off meanwhile: the transaction's first 500 entries one by one ({id,
 * resource, action, record_id, warehouses, user_id, user_name, at}), then a single {"reset": true}. `triggers`: more
 * row triggers to keep off meanwhile.
 */
async function insertWithEntries(db: DbOrTx, table: string, written: string, triggers: [string, string][] = []): Promise<void> {
  const entries = await createdEntries(db, table, 'written');
  const { before } = await one<{ before: number }>(db, sql`select coalesce(nullif(current_setting('app.events_announced', true), ''), '0')::int as before`);
  let added = 0;
  await withoutTriggers(db, [[table, 'record_history'], ['record_history', 'app_events'], ...triggers], async () => {
    ({ added } = await one<{ added: number }>(
      db,
      sql.raw(`
        with written as (${written}),
        entries as (
          insert into record_history (resource, record_id, record_label, action, changes, user_id, user_name, warehouse_id)
          select resource, record_id, record_label, action, changes, user_id, user_name, warehouse_id from (${entries}) e
          returning id, resource, action, record_id, warehouse_id, user_id, user_name, created)
        select (select count(*) from entries)::int as added,
               (select count(pg_notify('app_events', json_build_object(
                         'id', 'h' || e.id, 'resource', e.resource, 'action', e.action, 'record_id', e.record_id,
                         'warehouses', array(select w from unnest(array[e.warehouse_id]) w where w is not null),
                         'user_id', e.user_id, 'user_name', e.user_name, 'at', e.created)::text))
                  from (select * from entries order by id limit ${Math.max(500 - before, 0)}) e) as announced`),
    ));
  });
  if (before + added > 500) await db.execute(sql`select pg_notify('app_events', '{"reset":true}')`);
  await db.execute(sql`select set_config('app.events_announced', ${String(before + added)}, true)`);
}

/**
 * How the build writes: in bulk (insertWithEntries, withoutTriggers), or every row through its triggers and checks.
 */
function loader(db: DbOrTx, bulk: boolean) {
  return {
    /** An insert … returning * of `table`'s rows with their 'created' history entries; `triggers` off meanwhile in bulk. */
    insert: (table: string, written: string, triggers: [string, string][]) =>
      bulk ? insertWithEntries(db, table, written, triggers) : db.execute(sql.raw(written)).then(() => undefined),
    without: (triggers: [string, string][], work: () => Promise<unknown>) => (bulk ? withoutTriggers(db, triggers, work) : work().then(() => undefined)),
  };
}

export async function buildScaleData(database: Db, options: ScaleOptions): Promise<ScaleData> {
  // One transaction on one connection: its bulk settings (set local) and its temporary table hold for every statement.
  const built = await database.transaction((tx) => build(tx, options));
  // A database in use has been vacuumed by autovacuum: its visibility map lets counts and id pages use index-only scans.
  const t0 = performance.now();
  await database.execute(sql`vacuum analyze`);
  built.steps.push(['vacuum analyze', (performance.now() - t0) / 1000]);
  return built;
}

async function build(db: DbOrTx, options: ScaleOptions): Promise<ScaleData> {
  // Sorts (the ledger's running balances) and index builds in memory rather than in temporary files.
  if (options.bulkMemory) await db.execute(sql`select set_config('work_mem', '256MB', true), set_config('maintenance_work_mem', '512MB', true)`);
  const { products: N, warehouses: W = 100, movements: M = 0, days: D = 120, expiry = false } = options;
  const nowIso = options.now?.toISOString() ?? null;
  const nowText = nowIso ? `'${nowIso}'::timestamptz` : 'now()';
  const steps: [string, number][] = [];
  let lapStart = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    steps.push([name, (now - lapStart) / 1000]);
    lapStart = now;
  };
  const { adminId } = await one<{ adminId: string }>(db, sql`select id as "adminId" from users where role = 'admin' order by created limit 1`);
  const load = loader(db, !options.rowByRow);
  // The history's indexes are rebuilt once at the end, over every step's entries.
  const historyIndexes = await dropIndexes(db, 'record_history');

  // Names from a word list, one rare word ('Saffron') every 997th product; each product's 'created' entry. With
  // `expiry`, every 10th product tracks expiry.
  const productIndexes = await dropIndexes(db, 'products');
  await load.insert(
    'products',
    `
        insert into products (id, productname, product_hindi, category_id, subcategory_id, product_keyword, price, discount_price,
          product_description, unit, unit_value, created, tracks_expiry)
        select id, productname, product_hindi, category_id, subcategory_id, product_keyword, price, discount_price,
               product_description, unit, unit_value, created, tracks_expiry
          from (
            select
              gen_random_uuid() as id,
              (array['Basmati Rice','Toned Milk','Wheat Atta','Toor Dal','Mustard Oil','Marie Biscuits','Green Tea','Neem Soap',
                     'Floor Cleaner','Potato Chips'])[1 + i % 10] || ' ' || case when i % 997 = 0 then 'Saffron ' else '' end || 'No. ' || i as productname,
              'उत्पाद ' || i as product_hindi, s.category_id, s.id as subcategory_id, 'Brand ' || (i % 300) as product_keyword,
              10 + (i % 500) as price, 9 + (i % 500) as discount_price, 'Bench product ' || i as product_description,
              'pcs' as unit, '1' as unit_value, ${nowText} - make_interval(secs => i) as created, ${expiry}::boolean and i % 10 = 0 as tracks_expiry
            from generate_series(1, ${N}) as i
            join (select s.id, s.category_id, row_number() over (order by c.name, s.name) - 1 as k
                    from subcategories s join categories c on c.id = s.category_id) s
              on s.k = i % (select count(*) from subcategories)
          ) p
        returning *`,
    await keyChecks(db, 'products'),
  );
  await run(db, productIndexes);
  lap('products');

  const { cityId } = await one<{ cityId: string }>(
    db,
    sql`
    insert into cities (name, state, district, pincode) values ('Benchpur', 'Maharashtra', 'Benchpur', '411999') returning id as "cityId"`,
  );
  await db.execute(sql`
    insert into warehouses (name, city_id, address, contact_person, contact_phone, contact_email)
    select 'Bench Warehouse ' || lpad(i::text, 3, '0'), ${cityId}::uuid, 'Plot ' || i, 'Bench Manager', '+91 90000 00000', 'bench@example.com'
      from generate_series(1, ${W}) as i`);
  const { bigWarehouseId } = await one<{ bigWarehouseId: string }>(
    db,
    sql`
    select id as "bigWarehouseId" from warehouses where city_id = ${cityId}::uuid order by name limit 1`,
  );

  // Balance pairs: every bench product in the first warehouse (k = 1), and in one of the others (k = 2 + n % (W − 1)).
  await db.execute(sql`
    create temp table bench_pairs as
    with w as (select id, row_number() over (order by name) as k from warehouses where city_id = ${cityId}::uuid),
         p as (select id, price, tracks_expiry, row_number() over (order by created desc, id) as n from products
                where product_description like 'Bench product %')
    select r, product_id, warehouse_id, unit_cost, tracks_expiry,
           case when tracks_expiry then 'B-' || (abs(hashtext(r::text)) % 100000) end as batch_no,
           case when tracks_expiry then coalesce(${nowIso}::timestamptz, now())::date + (abs(hashtext('expiry ' || r)) % 90) - 10 end as expiry_date
      from (select row_number() over (order by p.n, w.k) as r, p.id as product_id, w.id as warehouse_id, p.price as unit_cost, p.tracks_expiry
              from p cross join lateral (values (1), (2 + p.n % greatest(${W} - 1, 1))) as v(k) join w on w.k = v.k) pair`);
  const { pairs } = await one<{ pairs: number }>(db, sql`select count(*)::int as pairs from bench_pairs`);
  lap('warehouses and pairs');

  if (M > 0) {
    // Movement n belongs to pair 1 + (n-1) % P and is that pair's j-th, later in time than its (j-1)-th: an opening
    // 'in' of 500+, then mostly small sales, some purchases, returns, damaged goods and adjustments.
    const ledgerIndexes = await dropIndexes(db, 'stock_movements', true);
    await load.without(await keyChecks(db, 'stock_movements'), async () => {
      await db.execute(sql`
        insert into stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
          total_value, value_change, movement_reason, reference_id, reference_type, performed_by, notes, created, batch_no)
        select product_id, warehouse_id, movement_type, quantity, stock_after - quantity, stock_after, unit_cost,
               round(abs(quantity) * unit_cost, 2), sign(quantity) * round(abs(quantity) * unit_cost, 2), movement_reason,
               'BENCH-' || n, 'manual', ${adminId}::uuid, '', created, batch_no
          from (
            select m.*, sum(quantity) over (partition by r order by j) as stock_after
              from (
                select n, j, bp.r, bp.product_id, bp.warehouse_id, bp.unit_cost, bp.batch_no, kind.movement_type, kind.quantity,
                       case kind.movement_type when 'in' then 'purchase' when 'return' then 'return'
                                               when 'adjustment' then 'adjustment' end as movement_reason,
                       coalesce(${nowIso}::timestamptz, now()) - make_interval(days => ${D}) + make_interval(secs => (j - 1 + ((n::bigint * 7919) % 1000) / 1000.0) * ${D} * 86400.0 / per_pair) as created
                  from (select n, 1 + (n - 1) % ${pairs} as r, 1 + (n - 1) / ${pairs} as j, ceil(${M}::numeric / ${pairs}) as per_pair
                          from generate_series(1, ${M}) as n) g
                  join bench_pairs bp on bp.r = g.r
                  cross join lateral (
                    select case when j = 1 then 'in' else (array['out','out','out','out','out','in','in','return','damaged','adjustment'])[1 + (g.r + j) % 10] end as movement_type
                  ) t
                  cross join lateral (
                    select t.movement_type, case
                      when j = 1 then 500 + (g.r % 100)::int
                      when t.movement_type = 'out' then -(1 + (n % 5))::int
                      when t.movement_type = 'in' then (5 + n % 20)::int
                      when t.movement_type = 'return' then (1 + n % 3)::int
                      when t.movement_type = 'damaged' then -1
                      else (case when n % 2 = 0 then 2 else -2 end) end as quantity
                  ) kind
              ) m
          ) s
         order by n`);
    });
    lap('ledger rows');
    await run(db, ledgerIndexes);
    lap('ledger indexes');
  }

  // Each balance is the sum of its ledger rows: the stock after its last one (the ledger's last min(M, P) rows, one per
  // pair). Its 'created' entry; its unit cost as inventory_average_cost sets it (stock_value / current_stock to the
  // paisa when it holds stock); its valuation-order pair, reorder mark and warehouse totals by their statement
  // triggers. A balance of a product tracking expiry tracks it too.
  const balanceIndexes = [...(await dropIndexes(db, 'inventory', true)), ...(await dropIndexes(db, 'stock_pairs'))];
  const balanceTriggers: [string, string][] = [
    ['inventory', 'inventory_average_cost'],
    ...(await keyChecks(db, 'inventory')),
    ...(await keyChecks(db, 'stock_pairs')),
  ];
  await load.insert(
    'inventory',
    `
        insert into inventory (product_id, warehouse_id, current_stock, stock_value, minimum_stock, maximum_stock, unit_cost, location, tracks_expiry)
        select product_id, warehouse_id, stock, stock_value, 20, 500,
               case when stock > 0 then round(stock_value / stock, 2) else unit_cost end, location, tracks_expiry
          from (
            select bp.product_id, bp.warehouse_id, s.stock, (s.stock * bp.unit_cost)::numeric(16, 2) as stock_value,
                   bp.unit_cost::numeric(12, 2) as unit_cost, 'Rack ' || (bp.r % 50) as location, bp.tracks_expiry
              from bench_pairs bp
              left join (select product_id, warehouse_id, stock_after as total from stock_movements
                          where seq > (select max(seq) from stock_movements) - ${Math.min(M, pairs)} and reference_id like 'BENCH-%') l
                on l.product_id = bp.product_id and l.warehouse_id = bp.warehouse_id
              cross join lateral (select coalesce(l.total, (hashtext(bp.r::text) & 255) % 120) as stock) s
             order by bp.r
          ) b
        returning *`,
    balanceTriggers,
  );
  await run(db, balanceIndexes);
  lap('balances');

  // A balance of a product tracking expiry holds its stock in its one dated batch, the batch its ledger rows carry.
  let batches = 0;
  if (expiry) {
    await load.without(await keyChecks(db, 'stock_batches'), async () => {
      ({ batches } = await one<{ batches: number }>(
        db,
        sql`
        with written as (
          insert into stock_batches (product_id, warehouse_id, batch_no, expiry_date, current_stock)
          select bp.product_id, bp.warehouse_id, bp.batch_no, bp.expiry_date, i.current_stock
            from bench_pairs bp join inventory i on i.product_id = bp.product_id and i.warehouse_id = bp.warehouse_id
           where bp.tracks_expiry and i.current_stock > 0
           order by bp.r
          returning 1)
        select count(*)::int as batches from written`,
      ));
    });
    lap('batches');
  }
  await db.execute(sql`drop table bench_pairs`);
  // Like the demo seed's stock, the data set is not news to live screens: announced from after it (ledger-announcer.ts),
  // not replayed 2,000 rows a cycle in the bench's own process while it measures.
  await db.execute(sql`
    insert into live_ledger_cursor (id, seq) select 1, coalesce(max(seq), 0) from stock_movements
    on conflict (id) do update set seq = excluded.seq, holes = '[]'`);
  await run(db, historyIndexes);
  lap('history indexes');
  return { cityId, bigWarehouseId, adminId, pairs, movements: M, batches, steps };
}
