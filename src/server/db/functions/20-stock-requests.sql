-- add-stock, remove-stock, adjust-stock and revalue: each ONE statement (stock_request): the checks in the order of
-- SPEC.md, the balance update (stock and value), the ledger row, the Idempotency-Key record and the answer. Run on its
-- own (autocommit), it is one round trip to the database. A refusal returns before anything is written (except the key
-- that replays it). Values: see 10-ledger.sql.

-- add-stock: the units enter at the unit cost given (SPEC.md requires one), a purchase moving the average.
CREATE OR REPLACE FUNCTION "stock_add"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid; v_tracked boolean; v_warehouse uuid; v_seller uuid; v_seller_role text;
  v_quantity int := (input->>'quantity')::int;
  v_cost numeric := (input->>'unit_cost')::numeric;
  v_reason text := input->>'movement_reason';
  v_worth numeric := round(v_quantity * v_cost, 2);
  balance record; movement stock_movements;
BEGIN
  SELECT p.id, p.tracks_expiry INTO v_product, v_tracked FROM products p WHERE p.id = stock_uuid(input->>'product_id');
  IF v_product IS NULL THEN RETURN stock_refusal(400, 'Product not found', 'product_id'); END IF;
  SELECT w.id INTO v_warehouse FROM warehouses w WHERE w.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  -- SPEC.md section 4: a seller belongs to a purchase only.
  IF v_reason = 'purchase' THEN
    SELECT u.id, u.role INTO v_seller, v_seller_role FROM users u WHERE u.id = stock_uuid(input->>'seller_id');
    IF v_seller IS NULL THEN RETURN stock_refusal(400, 'Seller not found', 'seller_id'); END IF;
    IF v_seller_role <> 'seller' THEN RETURN stock_refusal(400, 'The selected user is not a seller', 'seller_id'); END IF;
  END IF;
  IF v_tracked THEN RETURN stock_add_batch(actor, input, v_product, v_warehouse, v_seller); END IF;
  -- A new balance row starts with this stock, value and levels; an existing one gains them, up to the cap. A row that
  -- holds batches (the product started tracking after it was read) takes the batch path instead.
  INSERT INTO inventory AS i (product_id, warehouse_id, current_stock, stock_value, unit_cost, minimum_stock, maximum_stock)
  VALUES (v_product, v_warehouse, v_quantity, v_worth, v_cost,
          coalesce((input->>'minimum_stock')::int, 0), coalesce((input->>'maximum_stock')::int, 0))
  ON CONFLICT (product_id, warehouse_id) DO UPDATE
     SET current_stock = i.current_stock + excluded.current_stock, stock_value = i.stock_value + excluded.stock_value,
         modified = now()
   WHERE i.current_stock::bigint + excluded.current_stock <= 100000000 AND NOT i.tracks_expiry
  RETURNING i.id, i.current_stock INTO balance;
  IF balance.id IS NULL THEN
    IF EXISTS (SELECT 1 FROM inventory i WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse AND i.tracks_expiry) THEN
      RETURN stock_add_batch(actor, input, v_product, v_warehouse, v_seller);
    END IF;
    RETURN stock_refusal(409, 'Stock cannot exceed 100000000 units of one product in one warehouse');
  END IF;
  INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
    total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
  VALUES (v_product, v_warehouse, CASE WHEN v_reason = 'return' THEN 'return' ELSE 'in' END, v_quantity,
    balance.current_stock - v_quantity, balance.current_stock, v_cost, v_worth, v_worth, v_reason,
    input->>'reference_id', input->>'reference_type', v_seller, actor, coalesce(input->>'notes', ''))
  RETURNING m.* INTO movement;
  RETURN stock_answer(balance.id, movement);
END $$;

-- remove-stock (sales, damaged goods): the units leave at the average cost; a unit cost in the body changes nothing.
CREATE OR REPLACE FUNCTION "stock_remove"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid; v_tracked boolean; v_warehouse uuid;
  v_quantity int := (input->>'quantity')::int;
  v_reference text := input->>'reference_id';
  balance inventory; v_out numeric; movement stock_movements;
BEGIN
  SELECT p.id, p.tracks_expiry INTO v_product, v_tracked FROM products p WHERE p.id = stock_uuid(input->>'product_id');
  IF v_product IS NULL THEN RETURN stock_refusal(400, 'Product not found', 'product_id'); END IF;
  SELECT w.id INTO v_warehouse FROM warehouses w WHERE w.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  IF v_tracked THEN RETURN stock_remove_batches(actor, input, v_product, v_warehouse); END IF;
  -- The row is locked, so concurrent removals see each other's result: the stock can never go below 0.
  SELECT * INTO balance FROM inventory i WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse FOR UPDATE;
  IF balance.tracks_expiry THEN RETURN stock_remove_batches(actor, input, v_product, v_warehouse); END IF;
  IF balance.id IS NULL OR balance.current_stock < v_quantity THEN
    RETURN stock_refusal(409, format('Insufficient stock: only %s in stock, cannot remove %s', coalesce(balance.current_stock, 0), v_quantity));
  END IF;
  v_out := stock_value_of(balance.current_stock, balance.stock_value, v_quantity);
  UPDATE inventory SET current_stock = current_stock - v_quantity, stock_value = stock_value - v_out, modified = now()
   WHERE id = balance.id;
  INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
    total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
  VALUES (v_product, v_warehouse, input->>'movement_type', -v_quantity, balance.current_stock, balance.current_stock - v_quantity,
    stock_row_cost(v_out, v_quantity), v_out, -v_out, input->>'movement_reason', v_reference,
    coalesce(input->>'reference_type', CASE WHEN v_reference IS NOT NULL THEN 'invoice' ELSE 'manual' END),
    stock_uuid(input->>'seller_id'), actor,
    coalesce(input->>'notes', ''))
  RETURNING m.* INTO movement;
  RETURN stock_answer(balance.id, movement);
END $$;

-- adjust-stock sets the counted stock. Units found enter at the unit cost given, else at the average (an empty record:
-- stock_entry_cost); units missing leave at the average. It never revalues stock already held (that is stock_revalue).
CREATE OR REPLACE FUNCTION "stock_adjust"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid; v_tracked boolean; v_warehouse uuid;
  v_new int := (input->>'new_stock')::int;
  v_cost numeric := (input->>'unit_cost')::numeric;
  balance inventory; movement stock_movements; v_delta int; v_change numeric;
  too_large constant jsonb := stock_refusal(400, 'The value of this movement (quantity × unit cost) is too large');
BEGIN
  SELECT p.id, p.tracks_expiry INTO v_product, v_tracked FROM products p WHERE p.id = stock_uuid(input->>'product_id');
  IF v_product IS NULL THEN RETURN stock_refusal(400, 'Product not found', 'product_id'); END IF;
  SELECT w.id INTO v_warehouse FROM warehouses w WHERE w.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  IF v_tracked THEN RETURN stock_adjust_batch(actor, input, v_product, v_warehouse); END IF;
  -- The row is locked, so the difference recorded is exact; a missing row is created empty (after the checks).
  SELECT * INTO balance FROM inventory i WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse FOR UPDATE;
  IF balance.id IS NOT NULL AND balance.tracks_expiry THEN RETURN stock_adjust_batch(actor, input, v_product, v_warehouse); END IF;
  IF balance.id IS NULL THEN
    IF stock_value_too_large(v_new, v_cost) THEN RETURN too_large; END IF;
    INSERT INTO inventory (product_id, warehouse_id) VALUES (v_product, v_warehouse)
    ON CONFLICT (product_id, warehouse_id) DO NOTHING;
    SELECT * INTO balance FROM inventory i WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse FOR UPDATE;
    IF balance.tracks_expiry THEN RETURN stock_adjust_batch(actor, input, v_product, v_warehouse); END IF;
  END IF;
  v_delta := v_new - balance.current_stock;
  IF v_delta = 0 THEN
    RETURN stock_answer(balance.id, NULL, format('Stock is already %s: nothing changed', balance.current_stock));
  END IF;
  IF v_delta > 0 THEN
    IF stock_value_too_large(v_delta, v_cost) THEN RETURN too_large; END IF;
    v_change := stock_in_value(balance.current_stock, balance.stock_value, v_delta, v_cost, v_product, balance.unit_cost);
    IF abs(v_change) >= 10000000000 THEN RETURN too_large; END IF;
  ELSE
    v_change := -stock_value_of(balance.current_stock, balance.stock_value, -v_delta);
  END IF;
  UPDATE inventory SET current_stock = v_new, stock_value = stock_value + v_change, modified = now() WHERE id = balance.id;
  INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
    total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
  VALUES (v_product, v_warehouse, 'adjustment', v_delta, balance.current_stock, v_new,
    stock_row_cost(v_change, v_delta, CASE WHEN v_delta > 0 THEN v_cost END), abs(v_change), v_change,
    coalesce(input->>'movement_reason', 'adjustment'), input->>'reference_id', coalesce(input->>'reference_type', 'manual'),
    NULL, actor, coalesce(input->>'notes', ''))
  RETURNING m.* INTO movement;
  RETURN stock_answer(balance.id, movement);
END $$;

-- Revalue (an admin's correction of what the stock held cost): the record's stock is worth `unit_cost` a unit from now
-- on. One `valuation` row (quantity 0) records the change of value, who made it and why; the quantity never changes.
CREATE OR REPLACE FUNCTION "stock_revalue"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid; v_warehouse uuid; v_cost numeric := (input->>'unit_cost')::numeric;
  balance inventory; v_worth numeric; movement stock_movements;
BEGIN
  SELECT p.id INTO v_product FROM products p WHERE p.id = stock_uuid(input->>'product_id');
  IF v_product IS NULL THEN RETURN stock_refusal(400, 'Product not found', 'product_id'); END IF;
  SELECT w.id INTO v_warehouse FROM warehouses w WHERE w.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  SELECT * INTO balance FROM inventory i WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse FOR UPDATE;
  IF balance.id IS NULL OR balance.current_stock = 0 THEN
    RETURN stock_refusal(409, 'There is no stock of this product in this warehouse to revalue');
  END IF;
  v_worth := round(balance.current_stock * v_cost, 2);
  IF v_worth >= 10000000000 THEN RETURN stock_refusal(400, 'The value of this stock (quantity × unit cost) is too large', 'unit_cost'); END IF;
  IF v_worth = balance.stock_value THEN
    RETURN stock_answer(balance.id, NULL, format('The stock is already worth %s: nothing changed', v_worth));
  END IF;
  UPDATE inventory SET stock_value = v_worth, modified = now() WHERE id = balance.id;
  INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
    total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
  VALUES (v_product, v_warehouse, 'valuation', 0, balance.current_stock, balance.current_stock, v_cost,
    abs(v_worth - balance.stock_value), v_worth - balance.stock_value, 'revaluation', input->>'reference_id', 'manual', NULL, actor,
    format('Revalued from %s to %s a unit (%s → %s): %s', balance.unit_cost, v_cost, balance.stock_value, v_worth, input->>'notes'))
  RETURNING m.* INTO movement;
  RETURN stock_answer(balance.id, movement, 'Stock revalued');
END $$;

CREATE OR REPLACE FUNCTION "stock_request"(kind text, actor uuid, route text, idempotency_key text, request_hash text, input jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE earlier jsonb := idempotency_claim(actor, route, idempotency_key, request_hash); outcome jsonb;
BEGIN
  -- The history trigger names whoever this request acts for (src/server/db/actor.ts).
  PERFORM set_config('app.actor_id', actor::text, true);
  IF earlier IS NOT NULL THEN RETURN earlier; END IF;
  outcome := CASE kind WHEN 'add' THEN stock_add(actor, input) WHEN 'remove' THEN stock_remove(actor, input)
                       WHEN 'adjust' THEN stock_adjust(actor, input) WHEN 'revalue' THEN stock_revalue(actor, input)
                       WHEN 'write-off-expired' THEN stock_write_off_expired(actor, input) END;
  IF outcome IS NULL THEN RAISE EXCEPTION 'stock_request: unknown kind %', kind; END IF;
  RETURN idempotency_settle(actor, idempotency_key, outcome);
END $$;
