-- The stock totals (schema.ts stockTotals, issue 33): each warehouse's records, low-stock and empty records, and stock
-- value, kept for the dashboard and the inventory report's summary, which summed every record on every view.
-- A statement that changes records appends what it changed to stock_totals_pending, one row per warehouse it touched:
-- an insert, so concurrent stock writes never wait for each other on a warehouse's totals row (a row updated by every
-- sale of a busy warehouse would queue them). A reader folds the pending rows into stock_totals first
-- (stock_totals_take_pending), in its own transaction. Always: stock_totals + Σ stock_totals_pending = Σ inventory,
-- warehouse by warehouse; a change not yet committed is in neither side of what a reader sees.

CREATE OR REPLACE FUNCTION "stock_totals_note"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_totals_pending (warehouse_id, records, low_stock, out_of_stock, stock_value)
    SELECT warehouse_id, count(*), count(*) FILTER (WHERE low_stock), count(*) FILTER (WHERE current_stock = 0), sum(stock_value)
      FROM new_records GROUP BY warehouse_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stock_totals_pending (warehouse_id, records, low_stock, out_of_stock, stock_value)
    SELECT warehouse_id, -count(*), -count(*) FILTER (WHERE low_stock), -count(*) FILTER (WHERE current_stock = 0), -sum(stock_value)
      FROM old_records GROUP BY warehouse_id;
  ELSE
    -- A change of name, location or notes changes no total: nothing is appended.
    INSERT INTO stock_totals_pending (warehouse_id, records, low_stock, out_of_stock, stock_value)
    SELECT warehouse_id, sum(records), sum(low), sum(empty), sum(value)
      FROM (SELECT warehouse_id, 1 AS records, low_stock::int AS low, (current_stock = 0)::int AS empty, stock_value AS value FROM new_records
            UNION ALL
            SELECT warehouse_id, -1, -low_stock::int, -(current_stock = 0)::int, -stock_value FROM old_records) c
     GROUP BY warehouse_id
    HAVING sum(records) <> 0 OR sum(low) <> 0 OR sum(empty) <> 0 OR sum(value) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "stock_totals_insert" AFTER INSERT ON "inventory"
  REFERENCING NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION stock_totals_note();
CREATE OR REPLACE TRIGGER "stock_totals_update" AFTER UPDATE ON "inventory"
  REFERENCING OLD TABLE AS old_records NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION stock_totals_note();
CREATE OR REPLACE TRIGGER "stock_totals_delete" AFTER DELETE ON "inventory"
  REFERENCING OLD TABLE AS old_records FOR EACH STATEMENT EXECUTE FUNCTION stock_totals_note();

-- Before reading the totals: what is pending (committed) folded into them and deleted, in the reader's transaction.
-- Readers take turns (an advisory lock); a pending row still being written is not seen, nor is its change.
CREATE OR REPLACE FUNCTION "stock_totals_take_pending"() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('stock_totals'));
  WITH taken AS (DELETE FROM stock_totals_pending RETURNING *)
  INSERT INTO stock_totals AS t (warehouse_id, records, low_stock, out_of_stock, stock_value)
  SELECT warehouse_id, sum(records), sum(low_stock), sum(out_of_stock), sum(stock_value) FROM taken GROUP BY warehouse_id ORDER BY warehouse_id
  ON CONFLICT (warehouse_id) DO UPDATE SET records = t.records + excluded.records, low_stock = t.low_stock + excluded.low_stock,
    out_of_stock = t.out_of_stock + excluded.out_of_stock, stock_value = t.stock_value + excluded.stock_value;
$$;

-- Set from every record whenever these definitions are (re)applied, less what is pending, in one statement (one
-- snapshot): a record's change is then either in the records read here or in a pending row folded later, never both.
-- On the readers' lock, so no fold takes pending rows between this statement's reading them and writing the totals.
SELECT pg_advisory_xact_lock(hashtext('stock_totals'));
INSERT INTO stock_totals AS t (warehouse_id, records, low_stock, out_of_stock, stock_value)
SELECT w.id, coalesce(r.records, 0) - coalesce(p.records, 0), coalesce(r.low, 0) - coalesce(p.low, 0),
       coalesce(r.empty, 0) - coalesce(p.empty, 0), coalesce(r.value, 0) - coalesce(p.value, 0)
  FROM (SELECT warehouse_id AS id FROM inventory UNION SELECT warehouse_id FROM stock_totals_pending UNION SELECT warehouse_id FROM stock_totals) w
  LEFT JOIN (SELECT warehouse_id, count(*) AS records, count(*) FILTER (WHERE low_stock) AS low, count(*) FILTER (WHERE current_stock = 0) AS empty,
                    sum(stock_value) AS value
               FROM inventory GROUP BY warehouse_id) r ON r.warehouse_id = w.id
  LEFT JOIN (SELECT warehouse_id, sum(records) AS records, sum(low_stock) AS low, sum(out_of_stock) AS empty, sum(stock_value) AS value
               FROM stock_totals_pending GROUP BY warehouse_id) p ON p.warehouse_id = w.id
 ORDER BY w.id
ON CONFLICT (warehouse_id) DO UPDATE SET records = excluded.records, low_stock = excluded.low_stock, out_of_stock = excluded.out_of_stock,
  stock_value = excluded.stock_value;
