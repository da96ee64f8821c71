-- The reorder watch (schema.ts reorderWatch, issue 33): the dashboard's 'Products to reorder' kept as stock moves.
-- A record with reorder levels (a minimum or a maximum) is listed when its projected stock is at or below its minimum
-- (src/server/services/replenishment/suggestions.ts):
--   current_stock + on order + in transit − outflow of the last 28 days × lead_time_days / 28 <= minimum_stock.
-- Its own part, on order and in transit left to the count (few records have any), is, in integers (exact):
--   28 × (current_stock − minimum_stock) <= outflow × lead_time_days
-- It changes when the record's stock, levels or outflow change, and as time passes: each outflow row leaves the 28 days
-- at its created + 28 days, so a listed record stops being listed at the first such moment after which what is left is
-- too small. That moment is kept (listed_until), so counting is one range of an index, however many records there are.
-- A write does not work it out (that reads the record's 28 days of outflow: a busy product's writes would each pay for
-- its recent sales — measured, bench/README.md): the statement that changes a record's stock or levels only marks it in
-- reorder_dirty (every outflow row changes the stock too), and the count rewrites the marked records' rows first
-- (reorder_watch_take_dirty), once, however many times each was written.

-- Rewrites the watch of these records from their figures and their outflow now (the outflow read through
-- stock_movements_record_outflow_idx alone). Records without levels, or not listed, have no row.
CREATE OR REPLACE FUNCTION "reorder_watch_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH r AS (
    SELECT i.id, i.warehouse_id, i.product_id, 28 * (i.current_stock::bigint - i.minimum_stock) AS need, i.lead_time_days AS lead
      FROM inventory i
     WHERE i.id = ANY (ids) AND (i.minimum_stock > 0 OR i.maximum_stock > 0)
  ),
  -- Each outflow row of the window, with what is left of the window's outflow once it and every row before it left.
  f AS (
    SELECT r.id, m.created, -m.quantity AS units,
           sum(m.quantity) OVER (PARTITION BY r.id ORDER BY m.created) - sum(m.quantity) OVER (PARTITION BY r.id) AS left_after
      FROM r JOIN stock_movements m ON m.product_id = r.product_id AND m.warehouse_id = r.warehouse_id
     WHERE m.created >= now() - interval '28 days'
       AND m.movement_type IN ('out', 'damaged') AND coalesce(m.reference_type, '') NOT IN ('transfer', 'purchase_order')
  ),
  w AS (
    SELECT r.id, r.warehouse_id,
           r.need <= coalesce(sum(f.units), 0) * r.lead AS listed,
           coalesce(bool_or(f.units <= 0), false) AS recheck,
           coalesce(min(f.created) FILTER (WHERE r.need > f.left_after * r.lead), 'infinity') + interval '28 days' AS until
      FROM r LEFT JOIN f ON f.id = r.id
     GROUP BY r.id, r.warehouse_id, r.need, r.lead
  ),
  gone AS (
    DELETE FROM reorder_watch x
     WHERE x.inventory_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM w WHERE w.id = x.inventory_id AND (w.listed OR w.recheck))
  )
  -- A row that is not a unit out (a positive 'out') makes the record's listing come and go as rows leave: recheck
  -- marks it for the count to work out each time.
  INSERT INTO reorder_watch AS x (inventory_id, warehouse_id, listed_until, recheck)
  SELECT w.id, w.warehouse_id, CASE WHEN w.recheck THEN 'infinity' ELSE w.until END, w.recheck
    FROM w WHERE w.listed OR w.recheck
   ORDER BY w.id
  ON CONFLICT (inventory_id) DO UPDATE
    SET warehouse_id = excluded.warehouse_id, listed_until = excluded.listed_until, recheck = excluded.recheck
$$;

-- Marks the records a statement gave new stock or levels (or created with levels); an admin's repair of the ledger marks
-- the records of its outflow rows. A key per record, nothing read: a marked record stays marked until the next count.
-- A mark already there is updated, not skipped: the writer then holds it until its commit, so a count taking it waits
-- and reads the record with this change, instead of taking the old mark and missing a change not yet committed.
CREATE OR REPLACE FUNCTION "reorder_watch_mark_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reorder_dirty (inventory_id)
  SELECT n.id FROM new_records n WHERE n.minimum_stock > 0 OR n.maximum_stock > 0 ORDER BY n.id
  ON CONFLICT (inventory_id) DO UPDATE SET inventory_id = excluded.inventory_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "reorder_watch_mark_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reorder_dirty (inventory_id) VALUES (NEW.id)
  ON CONFLICT (inventory_id) DO UPDATE SET inventory_id = excluded.inventory_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "reorder_watch_insert" AFTER INSERT ON "inventory"
  REFERENCING NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION reorder_watch_mark_records();
-- A row trigger for changes: a stock write changes one record, and a row trigger's WHEN costs nothing when it is false.
CREATE OR REPLACE TRIGGER "reorder_watch_update" AFTER UPDATE OF current_stock, minimum_stock, maximum_stock, lead_time_days ON "inventory"
  FOR EACH ROW WHEN ((NEW.minimum_stock > 0 OR NEW.maximum_stock > 0 OR OLD.minimum_stock > 0 OR OLD.maximum_stock > 0)
    AND (NEW.current_stock, NEW.minimum_stock, NEW.maximum_stock, NEW.lead_time_days)
        IS DISTINCT FROM (OLD.current_stock, OLD.minimum_stock, OLD.maximum_stock, OLD.lead_time_days))
  EXECUTE FUNCTION reorder_watch_mark_record();

CREATE OR REPLACE FUNCTION "reorder_watch_mark_movements"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reorder_dirty (inventory_id)
  SELECT DISTINCT i.id FROM old_movements m JOIN inventory i ON i.product_id = m.product_id AND i.warehouse_id = m.warehouse_id
   WHERE m.movement_type IN ('out', 'damaged') AND coalesce(m.reference_type, '') NOT IN ('transfer', 'purchase_order')
   ORDER BY i.id
  ON CONFLICT (inventory_id) DO UPDATE SET inventory_id = excluded.inventory_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "reorder_watch_update" AFTER UPDATE ON "stock_movements"
  REFERENCING OLD TABLE AS old_movements FOR EACH STATEMENT EXECUTE FUNCTION reorder_watch_mark_movements();
CREATE OR REPLACE TRIGGER "reorder_watch_delete" AFTER DELETE ON "stock_movements"
  REFERENCING OLD TABLE AS old_movements FOR EACH STATEMENT EXECUTE FUNCTION reorder_watch_mark_movements();

-- Before a count: the marked records' rows rewritten from their figures now, and their marks cleared, in the count's
-- transaction. Counts take turns (an advisory lock), so a count never reads rows another has taken but not rewritten.
-- A mark written by a transaction still running is not seen, nor is its change: the next count takes it.
-- 10,000 marks at a time, in key order, one pass: however many records were marked (an import, 2M balances loaded at
-- once), a count holds a chunk's records in memory, not all of them (PGlite's heap, in the server's own process,
-- grew by 800 MB taking 2M marks at once and never gave it back). A mark written meanwhile behind the pass is the
-- next count's.
CREATE OR REPLACE FUNCTION "reorder_watch_take_dirty"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  after uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('reorder_watch'));
  LOOP
    WITH taken AS (
      DELETE FROM reorder_dirty
       WHERE inventory_id IN (SELECT d.inventory_id FROM reorder_dirty d WHERE after IS NULL OR d.inventory_id > after ORDER BY d.inventory_id LIMIT 10000)
      RETURNING inventory_id)
    SELECT array_agg(inventory_id ORDER BY inventory_id) INTO ids FROM taken;
    EXIT WHEN ids IS NULL;
    PERFORM reorder_watch_refresh(ids);
    after := ids[cardinality(ids)];
  END LOOP;
END $$;

-- Rebuilt from every record whenever these definitions are (re)applied: a database that had no watch, or a changed
-- rule, starts from the records as they are, every record with levels marked and taken as a count takes its marks.
DELETE FROM reorder_watch;
DELETE FROM reorder_dirty;
INSERT INTO reorder_dirty (inventory_id) SELECT id FROM inventory WHERE minimum_stock > 0 OR maximum_stock > 0;
SELECT reorder_watch_take_dirty();
