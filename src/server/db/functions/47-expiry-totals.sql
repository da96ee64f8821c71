-- The expiry totals (schema.ts expiryTotals, issue 33): for each warehouse and expiry day, the batches holding stock, their
-- units and their value (each batch's share of its record's value: stock_value_of, as the expiry report values a batch),
-- kept for the expiry report's totals and windows, which valued every batch of the period on every view.
-- A batch's figures change with the batch and with its record's stock and value, written in one statement or in several.
-- So, as for the reorder watch (45-reorder-watch.sql), a write only marks the records it changed (expiry_dirty, a key
-- each); the reader works out the marked records' figures afresh (expiry_record_totals: a record's batches by day) and
-- adds what changed to the warehouses' days, in one statement. Always: expiry_totals = Σ expiry_record_totals, and once
-- the marks are taken, each record's rows are its batches' figures now.

-- Rewrites these records' figures from their batches and records now, and adds the difference to their warehouses'
-- days: one statement, one snapshot, so the difference added is exactly the rows written.
CREATE OR REPLACE FUNCTION "expiry_totals_rewrite"(products uuid[], warehouses uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH k AS (SELECT DISTINCT product_id, warehouse_id FROM unnest(products, warehouses) AS k(product_id, warehouse_id)),
  fresh AS (
    SELECT b.product_id, b.warehouse_id, b.expiry_date, count(*)::int AS batches, sum(b.current_stock)::bigint AS quantity,
           sum(stock_value_of(i.current_stock, i.stock_value, b.current_stock)) AS stock_value
      FROM k
      JOIN stock_batches b ON b.product_id = k.product_id AND b.warehouse_id = k.warehouse_id
      JOIN inventory i ON i.product_id = b.product_id AND i.warehouse_id = b.warehouse_id
     WHERE b.current_stock > 0 AND b.expiry_date IS NOT NULL
     GROUP BY 1, 2, 3
  ),
  kept AS (SELECT r.* FROM k JOIN expiry_record_totals r ON r.product_id = k.product_id AND r.warehouse_id = k.warehouse_id),
  written AS (
    INSERT INTO expiry_record_totals AS r (product_id, warehouse_id, expiry_date, batches, quantity, stock_value)
    SELECT * FROM fresh ORDER BY product_id, warehouse_id, expiry_date
    ON CONFLICT (product_id, warehouse_id, expiry_date) DO UPDATE
      SET batches = excluded.batches, quantity = excluded.quantity, stock_value = excluded.stock_value
    RETURNING 1
  ),
  gone AS (
    DELETE FROM expiry_record_totals r USING kept
     WHERE r.product_id = kept.product_id AND r.warehouse_id = kept.warehouse_id AND r.expiry_date = kept.expiry_date
       AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.product_id = r.product_id AND f.warehouse_id = r.warehouse_id AND f.expiry_date = r.expiry_date)
    RETURNING 1
  )
  INSERT INTO expiry_totals AS t (warehouse_id, expiry_date, batches, quantity, stock_value)
  SELECT warehouse_id, expiry_date, sum(batches), sum(quantity), sum(stock_value)
    FROM (SELECT warehouse_id, expiry_date, batches, quantity, stock_value FROM fresh
          UNION ALL
          SELECT warehouse_id, expiry_date, -batches, -quantity, -stock_value FROM kept) d
   GROUP BY 1, 2
  HAVING sum(batches) <> 0 OR sum(quantity) <> 0 OR sum(stock_value) <> 0
   ORDER BY 1, 2
  ON CONFLICT (warehouse_id, expiry_date) DO UPDATE
    SET batches = t.batches + excluded.batches, quantity = t.quantity + excluded.quantity, stock_value = t.stock_value + excluded.stock_value
$$;

-- Marks the records whose batches a statement changed, and the records (tracking expiry) whose stock or value changed.
-- A mark already there is updated, not skipped (as reorder_dirty): a reader taking it waits for the writer's commit.
CREATE OR REPLACE FUNCTION "expiry_totals_mark_batches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO expiry_dirty (product_id, warehouse_id)
    SELECT DISTINCT product_id, warehouse_id FROM new_batches ORDER BY 1, 2
    ON CONFLICT (product_id, warehouse_id) DO UPDATE SET product_id = excluded.product_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO expiry_dirty (product_id, warehouse_id)
    SELECT DISTINCT product_id, warehouse_id FROM old_batches ORDER BY 1, 2
    ON CONFLICT (product_id, warehouse_id) DO UPDATE SET product_id = excluded.product_id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "expiry_totals_insert" AFTER INSERT ON "stock_batches"
  REFERENCING NEW TABLE AS new_batches FOR EACH STATEMENT EXECUTE FUNCTION expiry_totals_mark_batches();
CREATE OR REPLACE TRIGGER "expiry_totals_update" AFTER UPDATE ON "stock_batches"
  REFERENCING OLD TABLE AS old_batches NEW TABLE AS new_batches FOR EACH STATEMENT EXECUTE FUNCTION expiry_totals_mark_batches();
CREATE OR REPLACE TRIGGER "expiry_totals_delete" AFTER DELETE ON "stock_batches"
  REFERENCING OLD TABLE AS old_batches FOR EACH STATEMENT EXECUTE FUNCTION expiry_totals_mark_batches();

CREATE OR REPLACE FUNCTION "expiry_totals_mark_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO expiry_dirty (product_id, warehouse_id) VALUES (NEW.product_id, NEW.warehouse_id)
  ON CONFLICT (product_id, warehouse_id) DO UPDATE SET product_id = excluded.product_id;
  RETURN NULL;
END $$;

-- A row trigger: a stock write changes one record, and its WHEN costs nothing for the records that keep no batches.
CREATE OR REPLACE TRIGGER "expiry_totals_record" AFTER UPDATE OF current_stock, stock_value ON "inventory"
  FOR EACH ROW WHEN ((NEW.tracks_expiry OR OLD.tracks_expiry)
    AND (NEW.current_stock, NEW.stock_value) IS DISTINCT FROM (OLD.current_stock, OLD.stock_value))
  EXECUTE FUNCTION expiry_totals_mark_record();

-- Before reading the totals: the marked records rewritten and their marks cleared, in the reader's transaction.
-- Readers take turns (an advisory lock); a mark written by a transaction still running is not seen, nor is its change.
-- 10,000 marks at a time in key order, one pass, as the reorder watch's count takes its marks (45-reorder-watch.sql).
CREATE OR REPLACE FUNCTION "expiry_totals_take_dirty"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  products uuid[];
  warehouses uuid[];
  after_product uuid;
  after_warehouse uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('expiry_totals'));
  LOOP
    WITH taken AS (
      DELETE FROM expiry_dirty
       WHERE (product_id, warehouse_id) IN (
         SELECT d.product_id, d.warehouse_id FROM expiry_dirty d
          WHERE after_product IS NULL OR (d.product_id, d.warehouse_id) > (after_product, after_warehouse)
          ORDER BY d.product_id, d.warehouse_id LIMIT 10000)
      RETURNING product_id, warehouse_id)
    SELECT array_agg(product_id ORDER BY product_id, warehouse_id), array_agg(warehouse_id ORDER BY product_id, warehouse_id)
      INTO products, warehouses FROM taken;
    EXIT WHEN products IS NULL;
    PERFORM expiry_totals_rewrite(products, warehouses);
    after_product := products[cardinality(products)];
    after_warehouse := warehouses[cardinality(warehouses)];
  END LOOP;
END $$;

-- Rebuilt from every batch whenever these definitions are (re)applied: every record holding a dated batch marked, then
-- taken as a reader takes its marks (on the readers' lock, 10,000 at a time).
SELECT pg_advisory_xact_lock(hashtext('expiry_totals'));
DELETE FROM expiry_dirty;
DELETE FROM expiry_record_totals;
DELETE FROM expiry_totals;
INSERT INTO expiry_dirty (product_id, warehouse_id)
SELECT DISTINCT product_id, warehouse_id FROM stock_batches WHERE current_stock > 0 AND expiry_date IS NOT NULL;
SELECT expiry_totals_take_dirty();
