-- add-stock, remove-stock and adjust-stock: each ONE statement (stock_request): the checks in the order of SPEC.md, the
-- balance update, the ledger row, the Idempotency-Key record and the answer. Run on its own (autocommit), it is one
-- round trip to the database. A refusal returns before anything is written (except the key that replays it).

CREATE OR REPLACE FUNCTION "stock_add"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid; v_tracked boolean; v_warehouse uuid; v_seller uuid; v_seller_role text;
  quantity int := (input->>'quantity')::int;
  unit_cost numeric := (input->>'unit_cost')::numeric;
  reason text := input->>'movement_reason';
  balance record; movement stock_movements;
BEGIN
  SELECT p.id, p.tracks_expiry INTO v_product, v_tracked FROM products p WHERE p.id = stock_uuid(input->>'product_id');
  IF v_product IS NULL THEN RETURN stock_refusal(400, 'Product not found', 'product_id'); END IF;
  SELECT w.id INTO v_warehouse FROM warehouses w WHERE w.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  -- SPEC.md section 4: a seller belongs to a purchase only.
  IF reason = 'purchase' THEN
    SELECT u.id, u.role INTO v_seller, v_seller_role FROM users u WHERE u.id = stock_uuid(input->>'seller_id');
    IF v_seller IS NULL THEN RETURN stock_refusal(400, 'Seller not found', 'seller_id'); END IF;
    IF v_seller_role <> 'seller' THEN RETURN stock_refusal(400, 'The selected user is not a seller', 'seller_id'); END IF;
  END IF;
  IF v_tracked THEN RETURN stock_add_batch(actor, input, v_product, v_warehouse, v_seller); END IF;
  -- A new balance row starts with this stock, cost and levels; an existing one gains the quantity, up to the cap.
  -- A row that holds batches (the product started tracking after it was read) takes the batch path instead.
  INSERT INTO inventory AS i (product_id, warehouse_id, current_stock, unit_cost, minimum_stock, maximum_stock)
  VALUES (v_product, v_warehouse, quantity, unit_cost,
          coalesce((input->>'minimum_stock')::int, 0), coalesce((input->>'maximum_stock')::int, 0))
  ON CONFLICT (product_id, warehouse_id) DO UPDATE
     SET current_stock = i.current_stock + excluded.current_stock, modified = now()
   WHERE i.current_stock::bigint + excluded.current_stock <= 100000000 AND NOT i.tracks_expiry
  RETURNING i.id, i.current_stock INTO balance;
  IF balance.id IS NULL THEN
    IF EXISTS (SELECT 1 FROM inventory i WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse AND i.tracks_expiry) THEN
      RETURN stock_add_batch(actor, input, v_product, v_warehouse, v_seller);
    END IF;
    RETURN stock_refusal(409, 'Stock cannot exceed 100000000 units of one product in one warehouse');
  END IF;
  INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
    total_value, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
  VALUES (v_product, v_warehouse, CASE WHEN reason = 'return' THEN 'return' ELSE 'in' END, quantity,
    balance.current_stock - quantity, balance.current_stock, unit_cost, round(quantity * unit_cost, 2), reason,
    input->>'reference_id', input->>'reference_type', v_seller, actor, coalesce(input->>'notes', ''))
  RETURNING m.* INTO movement;
  RETURN stock_answer(balance.id, movement);
END $$;

CREATE OR REPLACE FUNCTION "stock_remove"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid; v_tracked boolean; v_warehouse uuid; available int;
  quantity int := (input->>'quantity')::int;
  reference_id text := input->>'reference_id';
  balance record; movement stock_movements;
BEGIN
  SELECT p.id, p.tracks_expiry INTO v_product, v_tracked FROM products p WHERE p.id = stock_uuid(input->>'product_id');
  IF v_product IS NULL THEN RETURN stock_refusal(400, 'Product not found', 'product_id'); END IF;
  SELECT w.id INTO v_warehouse FROM warehouses w WHERE w.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  IF v_tracked THEN RETURN stock_remove_batches(actor, input, v_product, v_warehouse); END IF;
  -- The guard: the database decides whether the stock suffices, so concurrent removals can never go below 0.
  UPDATE inventory i SET current_stock = i.current_stock - quantity, modified = now()
   WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse AND i.current_stock >= quantity AND NOT i.tracks_expiry
  RETURNING i.id, i.current_stock, i.unit_cost INTO balance;
  IF balance.id IS NULL THEN
    SELECT i.current_stock, i.tracks_expiry INTO available, v_tracked FROM inventory i
     WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse;
    IF v_tracked THEN RETURN stock_remove_batches(actor, input, v_product, v_warehouse); END IF;
    RETURN stock_refusal(409, format('Insufficient stock: only %s in stock, cannot remove %s', coalesce(available, 0), quantity));
  END IF;
  INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
    total_value, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
  VALUES (v_product, v_warehouse, input->>'movement_type', -quantity, balance.current_stock + quantity, balance.current_stock,
    coalesce((input->>'unit_cost')::numeric, balance.unit_cost),
    round(quantity * coalesce((input->>'unit_cost')::numeric, balance.unit_cost), 2), NULL, reference_id,
    coalesce(input->>'reference_type', CASE WHEN reference_id IS NOT NULL THEN 'invoice' ELSE 'manual' END), NULL, actor,
    coalesce(input->>'notes', ''))
  RETURNING m.* INTO movement;
  RETURN stock_answer(balance.id, movement);
END $$;

CREATE OR REPLACE FUNCTION "stock_adjust"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid; v_tracked boolean; v_warehouse uuid;
  new_stock int := (input->>'new_stock')::int;
  new_cost numeric := (input->>'unit_cost')::numeric;
  balance record; movement stock_movements; delta int; cost_changed boolean;
  too_large constant jsonb := stock_refusal(400, 'The value of this movement (quantity × unit cost) is too large');
BEGIN
  SELECT p.id, p.tracks_expiry INTO v_product, v_tracked FROM products p WHERE p.id = stock_uuid(input->>'product_id');
  IF v_product IS NULL THEN RETURN stock_refusal(400, 'Product not found', 'product_id'); END IF;
  SELECT w.id INTO v_warehouse FROM warehouses w WHERE w.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  IF v_tracked THEN RETURN stock_adjust_batch(actor, input, v_product, v_warehouse); END IF;
  -- The row is locked, so the difference recorded is exact; a missing row is created empty (after the checks).
  SELECT i.id, i.current_stock, i.unit_cost, i.tracks_expiry AS tracked INTO balance FROM inventory i
   WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse FOR UPDATE;
  IF balance.id IS NOT NULL AND balance.tracked THEN RETURN stock_adjust_batch(actor, input, v_product, v_warehouse); END IF;
  IF balance.id IS NULL THEN
    IF stock_value_too_large(new_stock, new_cost) THEN RETURN too_large; END IF;
    INSERT INTO inventory (product_id, warehouse_id) VALUES (v_product, v_warehouse)
    ON CONFLICT (product_id, warehouse_id) DO NOTHING;
    SELECT i.id, i.current_stock, i.unit_cost, i.tracks_expiry AS tracked INTO balance FROM inventory i
     WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse FOR UPDATE;
    IF balance.tracked THEN RETURN stock_adjust_batch(actor, input, v_product, v_warehouse); END IF;
  END IF;
  delta := new_stock - balance.current_stock;
  IF stock_value_too_large(delta, coalesce(new_cost, balance.unit_cost)) THEN RETURN too_large; END IF;
  cost_changed := new_cost IS NOT NULL AND new_cost <> balance.unit_cost;
  IF delta = 0 THEN
    IF cost_changed THEN UPDATE inventory SET unit_cost = new_cost, modified = now() WHERE id = balance.id; END IF;
    RETURN stock_answer(balance.id, NULL,
      CASE WHEN cost_changed THEN 'Stock updated successfully!' ELSE format('Stock is already %s: nothing changed', balance.current_stock) END);
  END IF;
  UPDATE inventory SET current_stock = new_stock, unit_cost = coalesce(new_cost, unit_cost), modified = now() WHERE id = balance.id;
  INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
    total_value, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
  VALUES (v_product, v_warehouse, 'adjustment', delta, balance.current_stock, new_stock, coalesce(new_cost, balance.unit_cost),
    round(abs(delta) * coalesce(new_cost, balance.unit_cost), 2), coalesce(input->>'movement_reason', 'adjustment'),
    input->>'reference_id', coalesce(input->>'reference_type', 'manual'), NULL, actor, coalesce(input->>'notes', ''))
  RETURNING m.* INTO movement;
  RETURN stock_answer(balance.id, movement);
END $$;

CREATE OR REPLACE FUNCTION "stock_request"(kind text, actor uuid, route text, idempotency_key text, request_hash text, input jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  first idempotency_keys; outcome jsonb;
  busy constant jsonb := stock_refusal(409, 'A request with this Idempotency-Key is being processed. Please retry.');
BEGIN
  IF idempotency_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (key, user_id, route, request_hash) VALUES (idempotency_key, actor, route, request_hash)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT * INTO first FROM idempotency_keys k WHERE k.user_id = actor AND k.key = idempotency_key;
      IF first.key IS NULL THEN RETURN busy; END IF;
      IF first.request_hash <> request_hash THEN
        RETURN stock_refusal(422, 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
      END IF;
      IF first.status_code IS NULL THEN RETURN busy; END IF;
      RETURN jsonb_build_object('status', first.status_code, 'body', first.response, 'replayed', true);
    END IF;
  END IF;
  outcome := CASE kind WHEN 'add' THEN stock_add(actor, input) WHEN 'remove' THEN stock_remove(actor, input)
                       WHEN 'adjust' THEN stock_adjust(actor, input)
                       WHEN 'write-off-expired' THEN stock_write_off_expired(actor, input) END;
  IF outcome IS NULL THEN RAISE EXCEPTION 'stock_request: unknown kind %', kind; END IF;
  IF idempotency_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET status_code = (outcome->>'status')::int, response = outcome->'body'
     WHERE k.user_id = actor AND k.key = idempotency_key;
  END IF;
  RETURN outcome;
END $$;
