CREATE TABLE "stock_daily_totals" (
	"day" date NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"movement_type" text NOT NULL,
	"movement_count" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"value_in" numeric(18, 2) NOT NULL,
	"value_out" numeric(18, 2) NOT NULL,
	CONSTRAINT "stock_daily_totals_pk" PRIMARY KEY("day","warehouse_id","movement_type")
);
--> statement-breakpoint
ALTER TABLE "stock_daily_totals" ADD CONSTRAINT "stock_daily_totals_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_name_id_idx" ON "products" USING btree ("productname","id");--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
CREATE INDEX "products_created_id_idx" ON "products" USING btree ("created","id");--> statement-breakpoint
-- The daily totals follow every change of the ledger in the same statement (a statement trigger sees all the
-- rows an INSERT wrote at once, so a bulk insert costs one upsert per day, warehouse and type). Rows are
-- upserted in key order so that concurrent writers lock them in the same order.
CREATE FUNCTION "stock_daily_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER "stock_movements_daily_insert" AFTER INSERT ON "stock_movements"
  REFERENCING NEW TABLE AS new_movements FOR EACH STATEMENT EXECUTE FUNCTION stock_daily_totals_apply();
--> statement-breakpoint
CREATE TRIGGER "stock_movements_daily_update" AFTER UPDATE ON "stock_movements"
  REFERENCING OLD TABLE AS old_movements NEW TABLE AS new_movements FOR EACH STATEMENT EXECUTE FUNCTION stock_daily_totals_apply();
--> statement-breakpoint
CREATE TRIGGER "stock_movements_daily_delete" AFTER DELETE ON "stock_movements"
  REFERENCING OLD TABLE AS old_movements FOR EACH STATEMENT EXECUTE FUNCTION stock_daily_totals_apply();
--> statement-breakpoint
INSERT INTO "stock_daily_totals" (day, warehouse_id, movement_type, movement_count, quantity, value_in, value_out)
SELECT (created AT TIME ZONE 'Asia/Kolkata')::date, warehouse_id, movement_type, count(*), sum(quantity),
       coalesce(sum(total_value) FILTER (WHERE quantity > 0), 0), coalesce(sum(total_value) FILTER (WHERE quantity < 0), 0)
  FROM stock_movements GROUP BY 1, 2, 3;
--> statement-breakpoint
-- One stock request (add, remove or adjust) in ONE statement: the checks in the order of SPEC.md, the balance
-- update, the ledger row, the Idempotency-Key record and the answer. Run on its own (autocommit), it is one
-- round trip to the database. A refusal returns before anything is written (except the key that replays it).
CREATE FUNCTION "stock_uuid"(value text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN value::uuid END
$$;
--> statement-breakpoint
CREATE FUNCTION "stock_refusal"(status int, message text, field text DEFAULT NULL) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('status', status, 'body', jsonb_build_object('message', message) ||
    CASE WHEN field IS NULL THEN '{}'::jsonb
         ELSE jsonb_build_object('errors', jsonb_build_array(jsonb_build_object('field', field, 'message', message))) END)
$$;
--> statement-breakpoint
CREATE FUNCTION "stock_record_json"(inventory_id uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    '_id', i.id, 'product_id', i.product_id, 'product_name', p.productname, 'warehouse', i.warehouse_id,
    'warehouse_id', i.warehouse_id, 'warehouse_name', w.name, 'location', i.location, 'current_stock', i.current_stock,
    'minimum_stock', i.minimum_stock, 'maximum_stock', i.maximum_stock, 'unit_cost', i.unit_cost, 'notes', i.notes,
    'total_value', round(i.current_stock * i.unit_cost, 2), 'out_of_stock', i.current_stock = 0,
    'low_stock_alert', i.current_stock <= i.minimum_stock,
    'created', to_char(i.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'modified', to_char(i.modified AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM inventory i JOIN products p ON p.id = i.product_id JOIN warehouses w ON w.id = i.warehouse_id
  WHERE i.id = inventory_id
$$;
--> statement-breakpoint
CREATE FUNCTION "stock_answer"(inventory_id uuid, movement stock_movements, message text DEFAULT 'Stock updated successfully!')
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('status', 200, 'body', jsonb_build_object(
    'message', message, 'inventory', stock_record_json(inventory_id),
    'movement', CASE WHEN movement.id IS NULL THEN NULL ELSE (to_jsonb(movement) - 'id') || jsonb_build_object('_id', movement.id) END))
$$;
--> statement-breakpoint
-- A movement's value must fit numeric(12,2).
CREATE FUNCTION "stock_value_too_large"(quantity bigint, unit_cost numeric) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT round(abs(quantity) * coalesce(unit_cost, 0), 2) >= 10000000000
$$;
--> statement-breakpoint
CREATE FUNCTION "stock_add"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid; v_warehouse uuid; v_seller uuid; v_seller_role text;
  quantity int := (input->>'quantity')::int;
  unit_cost numeric := (input->>'unit_cost')::numeric;
  reason text := input->>'movement_reason';
  balance record; movement stock_movements;
BEGIN
  SELECT p.id INTO v_product FROM products p WHERE p.id = stock_uuid(input->>'product_id');
  IF v_product IS NULL THEN RETURN stock_refusal(400, 'Product not found', 'product_id'); END IF;
  SELECT w.id INTO v_warehouse FROM warehouses w WHERE w.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  -- SPEC.md section 4: a seller belongs to a purchase only.
  IF reason = 'purchase' THEN
    SELECT u.id, u.role INTO v_seller, v_seller_role FROM users u WHERE u.id = stock_uuid(input->>'seller_id');
    IF v_seller IS NULL THEN RETURN stock_refusal(400, 'Seller not found', 'seller_id'); END IF;
    IF v_seller_role <> 'seller' THEN RETURN stock_refusal(400, 'The selected user is not a seller', 'seller_id'); END IF;
  END IF;
  -- A new balance row starts with this stock, cost and levels; an existing one gains the quantity, up to the cap.
  INSERT INTO inventory AS i (product_id, warehouse_id, current_stock, unit_cost, minimum_stock, maximum_stock)
  VALUES (v_product, v_warehouse, quantity, unit_cost,
          coalesce((input->>'minimum_stock')::int, 0), coalesce((input->>'maximum_stock')::int, 0))
  ON CONFLICT (product_id, warehouse_id) DO UPDATE
     SET current_stock = i.current_stock + excluded.current_stock, modified = now()
   WHERE i.current_stock::bigint + excluded.current_stock <= 100000000
  RETURNING i.id, i.current_stock INTO balance;
  IF balance.id IS NULL THEN
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
--> statement-breakpoint
CREATE FUNCTION "stock_remove"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid; v_warehouse uuid; available int;
  quantity int := (input->>'quantity')::int;
  reference_id text := input->>'reference_id';
  balance record; movement stock_movements;
BEGIN
  SELECT p.id INTO v_product FROM products p WHERE p.id = stock_uuid(input->>'product_id');
  IF v_product IS NULL THEN RETURN stock_refusal(400, 'Product not found', 'product_id'); END IF;
  SELECT w.id INTO v_warehouse FROM warehouses w WHERE w.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  -- The guard: the database decides whether the stock suffices, so concurrent removals can never go below 0.
  UPDATE inventory i SET current_stock = i.current_stock - quantity, modified = now()
   WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse AND i.current_stock >= quantity
  RETURNING i.id, i.current_stock, i.unit_cost INTO balance;
  IF balance.id IS NULL THEN
    SELECT i.current_stock INTO available FROM inventory i
     WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse;
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
--> statement-breakpoint
CREATE FUNCTION "stock_adjust"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_product uuid; v_warehouse uuid;
  new_stock int := (input->>'new_stock')::int;
  new_cost numeric := (input->>'unit_cost')::numeric;
  balance record; movement stock_movements; delta int; cost_changed boolean;
  too_large constant jsonb := stock_refusal(400, 'The value of this movement (quantity × unit cost) is too large');
BEGIN
  SELECT p.id INTO v_product FROM products p WHERE p.id = stock_uuid(input->>'product_id');
  IF v_product IS NULL THEN RETURN stock_refusal(400, 'Product not found', 'product_id'); END IF;
  SELECT w.id INTO v_warehouse FROM warehouses w WHERE w.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  -- The row is locked, so the difference recorded is exact; a missing row is created empty (after the checks).
  SELECT i.id, i.current_stock, i.unit_cost INTO balance FROM inventory i
   WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse FOR UPDATE;
  IF balance.id IS NULL THEN
    IF stock_value_too_large(new_stock, new_cost) THEN RETURN too_large; END IF;
    INSERT INTO inventory (product_id, warehouse_id) VALUES (v_product, v_warehouse)
    ON CONFLICT (product_id, warehouse_id) DO NOTHING;
    SELECT i.id, i.current_stock, i.unit_cost INTO balance FROM inventory i
     WHERE i.product_id = v_product AND i.warehouse_id = v_warehouse FOR UPDATE;
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
--> statement-breakpoint
-- At most once per (user, Idempotency-Key): the key row is inserted first, so a concurrent request with the same key
-- waits on the unique index until the first commits, then replays its stored answer (a refusal included).
CREATE FUNCTION "stock_request"(kind text, actor uuid, route text, idempotency_key text, request_hash text, input jsonb)
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
                       WHEN 'adjust' THEN stock_adjust(actor, input) END;
  IF outcome IS NULL THEN RAISE EXCEPTION 'stock_request: unknown kind %', kind; END IF;
  IF idempotency_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET status_code = (outcome->>'status')::int, response = outcome->'body'
     WHERE k.user_id = actor AND k.key = idempotency_key;
  END IF;
  RETURN outcome;
END $$;
