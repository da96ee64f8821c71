-- The ledger's derived tables and the JSON of a balance.

-- The daily totals follow every change of the ledger in the same statement (a statement trigger sees all the
-- rows an INSERT wrote at once, so a bulk insert costs one upsert per day, warehouse and type). Rows are
-- upserted in key order so that concurrent writers lock them in the same order.
CREATE OR REPLACE FUNCTION "stock_daily_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO stock_daily_totals AS d (day, warehouse_id, movement_type, movement_count, quantity, value_in, value_out)
    SELECT (created AT TIME ZONE 'Asia/Kolkata')::date, warehouse_id, movement_type, -count(*), -sum(quantity),
           -coalesce(sum(total_value) FILTER (WHERE quantity > 0), 0), -coalesce(sum(total_value) FILTER (WHERE quantity < 0), 0)
      FROM old_movements GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, warehouse_id, movement_type) DO UPDATE SET
      movement_count = d.movement_count + excluded.movement_count, quantity = d.quantity + excluded.quantity,
      value_in = d.value_in + excluded.value_in, value_out = d.value_out + excluded.value_out;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO stock_daily_totals AS d (day, warehouse_id, movement_type, movement_count, quantity, value_in, value_out)
    SELECT (created AT TIME ZONE 'Asia/Kolkata')::date, warehouse_id, movement_type, count(*), sum(quantity),
           coalesce(sum(total_value) FILTER (WHERE quantity > 0), 0), coalesce(sum(total_value) FILTER (WHERE quantity < 0), 0)
      FROM new_movements GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, warehouse_id, movement_type) DO UPDATE SET
      movement_count = d.movement_count + excluded.movement_count, quantity = d.quantity + excluded.quantity,
      value_in = d.value_in + excluded.value_in, value_out = d.value_out + excluded.value_out;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "stock_record_json"(inventory_id uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    '_id', i.id, 'product_id', i.product_id, 'product_name', p.productname, 'warehouse', i.warehouse_id,
    'warehouse_id', i.warehouse_id, 'warehouse_name', w.name, 'location', i.location, 'current_stock', i.current_stock,
    'minimum_stock', i.minimum_stock, 'maximum_stock', i.maximum_stock, 'unit_cost', i.unit_cost, 'notes', i.notes,
    'total_value', round(i.current_stock * i.unit_cost, 2), 'out_of_stock', i.current_stock = 0,
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
