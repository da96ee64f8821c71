-- The ledger's values (moving-average cost), its derived tables and the JSON of a balance.
--
-- Valuation (Odoo's AVCO, ERPNext's Moving Average): each balance holds stock_value, the sum of its ledger rows' signed
-- values, beside current_stock, the sum of their quantities; its average cost is stock_value / current_stock, kept
-- exact (never rounded and stored), and unit_cost shows it to the paisa (trigger inventory_average_cost). Units coming
-- in at their own cost (a purchase, units arriving from a transfer, a cost given) move the average; units going out
-- leave at it; units coming back without a cost (a return, a count's surplus, a positive adjustment) enter at it.

-- What `units` of a balance of `stock` units worth `worth` are worth at its average cost, to the paisa. The last units
-- out take whatever value is left, so no value stays behind an empty balance, and no sequence of outflows takes it below
-- 0. Several pieces of one movement (batches) take cumulative differences, value_of(upto) − value_of(upto − q), which
-- add up exactly to value_of(total).
CREATE OR REPLACE FUNCTION "stock_value_of"(stock bigint, worth numeric, units bigint) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN units <= 0 OR stock <= 0 THEN 0 WHEN units >= stock THEN worth ELSE round(worth * units / stock, 2) END
$$;

-- The cost at which units enter an EMPTY balance when no cost is given: the product's last purchase cost, else the
-- record's own (its last average, or the cost it was created with).
CREATE OR REPLACE FUNCTION "stock_entry_cost"(product uuid, record_cost numeric) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT m.unit_cost FROM stock_movements m WHERE m.product_id = product AND m.movement_reason = 'purchase'
      ORDER BY m.seq DESC LIMIT 1),
    record_cost, 0)
$$;

-- What `units` coming in are worth: at `given` cost when there is one, else at the balance's average, else (an empty
-- balance) at stock_entry_cost.
CREATE OR REPLACE FUNCTION "stock_in_value"(stock bigint, worth numeric, units bigint, given numeric, product uuid, record_cost numeric)
RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN given IS NOT NULL THEN round(units * given, 2)
              WHEN stock > 0 THEN round(worth * units / stock, 2)
              ELSE round(units * stock_entry_cost(product, record_cost), 2) END
$$;

-- The unit cost a ledger row shows: the one given, else its value per unit.
CREATE OR REPLACE FUNCTION "stock_row_cost"(value numeric, quantity bigint, given numeric DEFAULT NULL) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(given, CASE WHEN quantity = 0 THEN 0 ELSE round(abs(value) / abs(quantity), 2) END)
$$;

-- unit_cost follows stock_value / current_stock on every change of either; an empty record keeps its last one.
CREATE OR REPLACE FUNCTION "inventory_average_cost"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.current_stock > 0 THEN NEW.unit_cost := round(NEW.stock_value / NEW.current_stock, 2); END IF;
  RETURN NEW;
END $$;

-- What the sale-purchase report counts a ledger row as: a purchase (Add Inventory or a purchase order's receipt, with a
-- return to the seller as a negative purchase), a sale (anything else that went out, but a transfer), or neither.
-- Written out as the expression of the index stock_movements_flow_idx (schema.ts, migration 0030): a change here is a
-- migration rebuilding that index with the new body (tests/api/sale-purchase-report.test.ts checks they agree).
CREATE OR REPLACE FUNCTION "stock_flow"(movement_type text, movement_reason text, reference_type text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN (movement_type = 'in' AND movement_reason = 'purchase') OR (movement_type = 'out' AND reference_type = 'purchase_order') THEN 'purchase'
              WHEN movement_type = 'out' AND reference_type IS DISTINCT FROM 'transfer' THEN 'sale' END
$$;

-- The daily totals follow every change of the ledger in the same statement (a statement trigger sees all the
-- rows an INSERT wrote at once, so a bulk insert costs one upsert per day, warehouse and type). Rows are
-- upserted in key order so that concurrent writers lock them in the same order.
CREATE OR REPLACE FUNCTION "stock_daily_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO stock_daily_totals AS d (day, warehouse_id, movement_type, movement_count, quantity, value_in, value_out, held_change,
      purchase_count, purchase_quantity, purchase_value, sale_count, sale_quantity, sale_value)
    SELECT (created AT TIME ZONE 'Asia/Kolkata')::date, warehouse_id, movement_type, -count(*), -sum(quantity),
           -coalesce(sum(value_change) FILTER (WHERE value_change > 0), 0), coalesce(sum(value_change) FILTER (WHERE value_change < 0), 0),
           -(count(*) FILTER (WHERE stock_before = 0 AND stock_after > 0) - count(*) FILTER (WHERE stock_before > 0 AND stock_after = 0)),
           -count(*) FILTER (WHERE flow = 'purchase'), -coalesce(sum(quantity) FILTER (WHERE flow = 'purchase'), 0),
           -coalesce(sum(sign(quantity) * total_value) FILTER (WHERE flow = 'purchase'), 0),
           -count(*) FILTER (WHERE flow = 'sale'), coalesce(sum(quantity) FILTER (WHERE flow = 'sale'), 0),
           -coalesce(sum(total_value) FILTER (WHERE flow = 'sale'), 0)
      FROM (SELECT *, stock_flow(movement_type, movement_reason, reference_type) AS flow FROM old_movements) m
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, warehouse_id, movement_type) DO UPDATE SET
      movement_count = d.movement_count + excluded.movement_count, quantity = d.quantity + excluded.quantity,
      value_in = d.value_in + excluded.value_in, value_out = d.value_out + excluded.value_out,
      held_change = d.held_change + excluded.held_change,
      purchase_count = d.purchase_count + excluded.purchase_count, purchase_quantity = d.purchase_quantity + excluded.purchase_quantity,
      purchase_value = d.purchase_value + excluded.purchase_value, sale_count = d.sale_count + excluded.sale_count,
      sale_quantity = d.sale_quantity + excluded.sale_quantity, sale_value = d.sale_value + excluded.sale_value;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO stock_daily_totals AS d (day, warehouse_id, movement_type, movement_count, quantity, value_in, value_out, held_change,
      purchase_count, purchase_quantity, purchase_value, sale_count, sale_quantity, sale_value)
    SELECT (created AT TIME ZONE 'Asia/Kolkata')::date, warehouse_id, movement_type, count(*), sum(quantity),
           coalesce(sum(value_change) FILTER (WHERE value_change > 0), 0), -coalesce(sum(value_change) FILTER (WHERE value_change < 0), 0),
           count(*) FILTER (WHERE stock_before = 0 AND stock_after > 0) - count(*) FILTER (WHERE stock_before > 0 AND stock_after = 0),
           count(*) FILTER (WHERE flow = 'purchase'), coalesce(sum(quantity) FILTER (WHERE flow = 'purchase'), 0),
           coalesce(sum(sign(quantity) * total_value) FILTER (WHERE flow = 'purchase'), 0),
           count(*) FILTER (WHERE flow = 'sale'), coalesce(-sum(quantity) FILTER (WHERE flow = 'sale'), 0),
           coalesce(sum(total_value) FILTER (WHERE flow = 'sale'), 0)
      FROM (SELECT *, stock_flow(movement_type, movement_reason, reference_type) AS flow FROM new_movements) m
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, warehouse_id, movement_type) DO UPDATE SET
      movement_count = d.movement_count + excluded.movement_count, quantity = d.quantity + excluded.quantity,
      value_in = d.value_in + excluded.value_in, value_out = d.value_out + excluded.value_out,
      held_change = d.held_change + excluded.held_change,
      purchase_count = d.purchase_count + excluded.purchase_count, purchase_quantity = d.purchase_quantity + excluded.purchase_quantity,
      purchase_value = d.purchase_value + excluded.purchase_value, sale_count = d.sale_count + excluded.sale_count,
      sale_quantity = d.sale_quantity + excluded.sale_quantity, sale_value = d.sale_value + excluded.sale_value;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "stock_record_json"(inventory_id uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    '_id', i.id, 'product_id', i.product_id, 'product_name', p.productname, 'warehouse', i.warehouse_id,
    'warehouse_id', i.warehouse_id, 'warehouse_name', w.name, 'location', i.location, 'current_stock', i.current_stock,
    'minimum_stock', i.minimum_stock, 'maximum_stock', i.maximum_stock, 'unit_cost', i.unit_cost, 'notes', i.notes,
    'total_value', i.stock_value, 'out_of_stock', i.current_stock = 0,
    'low_stock_alert', i.current_stock <= i.minimum_stock, 'tracks_expiry', p.tracks_expiry,
    'created', to_char(i.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'modified', to_char(i.modified AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM inventory i JOIN products p ON p.id = i.product_id JOIN warehouses w ON w.id = i.warehouse_id
  WHERE i.id = inventory_id
$$;

CREATE OR REPLACE FUNCTION "stock_answer"(inventory_id uuid, movement stock_movements, message text DEFAULT 'Stock updated successfully!')
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('status', 200, 'body', jsonb_build_object(
    'message', message, 'inventory', stock_record_json(inventory_id),
    'movement', CASE WHEN movement.id IS NULL THEN NULL ELSE (to_jsonb(movement) - 'id') || jsonb_build_object('_id', movement.id) END))
$$;
