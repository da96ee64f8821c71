-- Batches and expiry (perishables). A product that tracks expiry holds its stock per batch: inventory.current_stock = the
-- sum of its stock_batches, and each batch = the sum of the ledger rows carrying its batch_no (rows without one count
-- towards 'OPENING'). Every change still runs as one statement (stock_request) under the inventory row's lock;
-- untracked products take the plain path of 20-stock-requests.sql.

-- A locked inventory row starts keeping batches: its whole stock becomes the batch 'OPENING' (no expiry, sold last).
CREATE OR REPLACE FUNCTION "stock_track_record"(record_id uuid) RETURNS void LANGUAGE sql AS $$
  WITH flagged AS (
    UPDATE inventory SET tracks_expiry = true WHERE id = record_id AND NOT tracks_expiry
    RETURNING product_id, warehouse_id, current_stock
  )
  INSERT INTO stock_batches (product_id, warehouse_id, batch_no, expiry_date, current_stock)
  SELECT product_id, warehouse_id, 'OPENING', NULL, current_stock FROM flagged WHERE current_stock > 0
  ON CONFLICT (product_id, warehouse_id, batch_no) DO UPDATE SET current_stock = excluded.current_stock
$$;

-- The switch on the product, for every path that sets it (form, import): the product's records are locked in id order
-- (the order write-off-expired uses too) and converted. Stopping is refused while a dated batch still holds stock, so
-- that every batch keeps equalling the sum of its ledger rows.
CREATE OR REPLACE FUNCTION "products_tracks_expiry_switch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id FROM inventory WHERE product_id = NEW.id ORDER BY id FOR UPDATE LOOP
    IF NEW.tracks_expiry THEN
      PERFORM stock_track_record(r.id);
    END IF;
  END LOOP;
  IF NOT NEW.tracks_expiry THEN
    IF EXISTS (SELECT 1 FROM stock_batches b WHERE b.product_id = NEW.id AND b.batch_no <> 'OPENING' AND b.current_stock > 0) THEN
      RAISE EXCEPTION 'Sell or write off the dated batches of this product before it stops tracking expiry'
        USING ERRCODE = 'BX017';
    END IF;
    DELETE FROM stock_batches WHERE product_id = NEW.id;
    UPDATE inventory SET tracks_expiry = false WHERE product_id = NEW.id AND tracks_expiry;
  END IF;
  RETURN NULL;
END $$;

-- Locks the inventory row of a tracked product (creating it, empty, when `create_missing`), bringing it into batches.
CREATE OR REPLACE FUNCTION "stock_lock_tracked"(p uuid, w uuid, create_missing boolean, input jsonb DEFAULT '{}')
RETURNS inventory LANGUAGE plpgsql AS $$
DECLARE balance inventory;
BEGIN
  LOOP
    SELECT * INTO balance FROM inventory i WHERE i.product_id = p AND i.warehouse_id = w FOR UPDATE;
    EXIT WHEN balance.id IS NOT NULL OR NOT create_missing;
    INSERT INTO inventory (product_id, warehouse_id, unit_cost, minimum_stock, maximum_stock, tracks_expiry)
    VALUES (p, w, coalesce((input->>'unit_cost')::numeric, 0), coalesce((input->>'minimum_stock')::int, 0),
            coalesce((input->>'maximum_stock')::int, 0), true)
    ON CONFLICT (product_id, warehouse_id) DO NOTHING;
  END LOOP;
  IF balance.id IS NOT NULL AND NOT balance.tracks_expiry THEN
    PERFORM stock_track_record(balance.id);
    SELECT * INTO balance FROM inventory i WHERE i.id = balance.id;
  END IF;
  RETURN balance;
END $$;

-- FIRST-EXPIRY-FIRST-OUT, reusable (sales; transfers out of a warehouse): takes `wanted` units from the unexpired batches
-- of (p, w), earliest expiry first ('OPENING' and other undated batches last, batch_no breaking ties), and answers what
-- it took from each, in that order. All or nothing: when the unexpired stock is short it takes nothing and answers no
-- row. It changes stock_batches only: the caller holds the inventory row's lock and writes the balance and one ledger
-- row per batch taken (see stock_remove_batches).
CREATE OR REPLACE FUNCTION "stock_fefo_take"(p uuid, w uuid, wanted int, as_of date DEFAULT stock_today())
RETURNS TABLE (batch_no text, expiry_date date, mfg_date date, quantity int) LANGUAGE plpgsql AS $$
DECLARE available bigint;
BEGIN
  PERFORM 1 FROM stock_batches b WHERE b.product_id = p AND b.warehouse_id = w
    ORDER BY b.expiry_date NULLS LAST, b.batch_no FOR UPDATE;
  SELECT coalesce(sum(b.current_stock), 0) INTO available FROM stock_batches b
   WHERE b.product_id = p AND b.warehouse_id = w AND (b.expiry_date IS NULL OR b.expiry_date >= as_of);
  IF available < wanted OR wanted <= 0 THEN RETURN; END IF;
  RETURN QUERY
  WITH ordered AS (
    SELECT b.id, b.batch_no, b.expiry_date, b.mfg_date, b.current_stock,
           sum(b.current_stock) OVER (ORDER BY b.expiry_date NULLS LAST, b.batch_no) AS upto
      FROM stock_batches b
     WHERE b.product_id = p AND b.warehouse_id = w AND b.current_stock > 0
       AND (b.expiry_date IS NULL OR b.expiry_date >= as_of)
  ), plan AS (
    SELECT o.id, o.batch_no, o.expiry_date, o.mfg_date, least(o.current_stock, wanted - (o.upto - o.current_stock))::int AS take, o.upto
      FROM ordered o WHERE o.upto - o.current_stock < wanted
  ), taken AS (
    UPDATE stock_batches b SET current_stock = b.current_stock - plan.take FROM plan WHERE b.id = plan.id RETURNING b.id
  )
  SELECT plan.batch_no, plan.expiry_date, plan.mfg_date, plan.take FROM plan JOIN taken ON taken.id = plan.id ORDER BY plan.upto;
END $$;

-- Puts units into one batch (purchases, returns; transfers into a warehouse carry batch_no, expiry and mfg date). The
-- caller holds the inventory row's lock and has checked the expiry date matches (stock_batch_conflict).
CREATE OR REPLACE FUNCTION "stock_batch_put"(p uuid, w uuid, batch text, expiry date, mfg date, units int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stock_batches AS b (product_id, warehouse_id, batch_no, expiry_date, mfg_date, current_stock)
  VALUES (p, w, batch, expiry, mfg, units)
  ON CONFLICT (product_id, warehouse_id, batch_no) DO UPDATE
     SET current_stock = b.current_stock + excluded.current_stock, mfg_date = coalesce(b.mfg_date, excluded.mfg_date)
$$;

-- An existing batch of this number with another expiry date: the refusal, else NULL.
CREATE OR REPLACE FUNCTION "stock_batch_conflict"(p uuid, w uuid, batch text, expiry date) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT stock_refusal(400, format('Batch %s already has expiry date %s: the same batch number needs the same expiry date',
           b.batch_no, coalesce(to_char(b.expiry_date, 'YYYY-MM-DD'), 'none')), 'expiry_date')
    FROM stock_batches b
   WHERE b.product_id = p AND b.warehouse_id = w AND b.batch_no = batch AND b.expiry_date IS DISTINCT FROM expiry
$$;

CREATE OR REPLACE FUNCTION "stock_batch_fields"(input jsonb, needs_expiry boolean) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN nullif(btrim(input->>'batch_no'), '') IS NULL THEN stock_refusal(400, 'Batch number is required', 'batch_no')
    WHEN needs_expiry AND nullif(input->>'expiry_date', '') IS NULL THEN stock_refusal(400, 'Expiry date is required', 'expiry_date')
    WHEN (input->>'mfg_date')::date > (input->>'expiry_date')::date
      THEN stock_refusal(400, 'Manufacturing date cannot be after the expiry date', 'mfg_date')
  END
$$;

-- The answer of a batch change: the usual one, plus the batches moved ({batch_no, expiry_date, quantity}) and, when
-- more than one ledger row was written, all of them.
CREATE OR REPLACE FUNCTION "stock_batch_answer"(inventory_id uuid, movements jsonb, batches jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('status', 200, 'body', jsonb_build_object(
    'message', 'Stock updated successfully!', 'inventory', stock_record_json(inventory_id),
    'movement', movements->0, 'movements', movements, 'batches', batches))
$$;

CREATE OR REPLACE FUNCTION "stock_add_batch"(actor uuid, input jsonb, p uuid, w uuid, seller uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_quantity int := (input->>'quantity')::int;
  v_cost numeric := (input->>'unit_cost')::numeric;
  v_reason text := input->>'movement_reason';
  v_batch text := btrim(input->>'batch_no');
  v_expiry date; v_mfg date; refusal jsonb; balance inventory; movement stock_movements;
BEGIN
  refusal := stock_batch_fields(input, true);
  IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  v_expiry := (input->>'expiry_date')::date;
  v_mfg := (input->>'mfg_date')::date;
  -- Receiving stock that has already expired is a choice to confirm: it is recorded, and never sold (FEFO skips it).
  IF v_reason IN ('purchase', 'return') AND v_expiry < stock_today() AND NOT coalesce((input->>'confirm_expired')::boolean, false) THEN
    RETURN jsonb_build_object('status', 409, 'body', jsonb_build_object(
      'message', format('Batch %s expired on %s. Expired stock is never sold: receive it only to record it, and confirm.',
                        v_batch, to_char(v_expiry, 'YYYY-MM-DD')),
      'confirm', 'confirm_expired',
      'errors', jsonb_build_array(jsonb_build_object('field', 'expiry_date', 'message', 'This batch has already expired'))));
  END IF;
  -- A batch exists only under its record, so a missing record means no batch to disagree with.
  SELECT * INTO balance FROM inventory i WHERE i.product_id = p AND i.warehouse_id = w FOR UPDATE;
  IF balance.id IS NOT NULL THEN
    refusal := stock_batch_conflict(p, w, v_batch, v_expiry);
    IF refusal IS NOT NULL THEN RETURN refusal; END IF;
    IF balance.current_stock::bigint + v_quantity > 100000000 THEN
      RETURN stock_refusal(409, 'Stock cannot exceed 100000000 units of one product in one warehouse');
    END IF;
  END IF;
  balance := stock_lock_tracked(p, w, true, input);
  refusal := stock_batch_conflict(p, w, v_batch, v_expiry);
  IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  UPDATE inventory SET current_stock = current_stock + v_quantity, stock_value = stock_value + round(v_quantity * v_cost, 2),
         modified = now()
   WHERE id = balance.id;
  PERFORM stock_batch_put(p, w, v_batch, v_expiry, v_mfg, v_quantity);
  INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
    total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes, batch_no)
  VALUES (p, w, CASE WHEN v_reason = 'return' THEN 'return' ELSE 'in' END, v_quantity,
    balance.current_stock, balance.current_stock + v_quantity, v_cost, round(v_quantity * v_cost, 2), round(v_quantity * v_cost, 2), v_reason,
    input->>'reference_id', input->>'reference_type', seller, actor, coalesce(input->>'notes', ''), v_batch)
  RETURNING m.* INTO movement;
  RETURN stock_batch_answer(balance.id, jsonb_build_array(stock_movement_json(movement)),
    jsonb_build_array(jsonb_build_object('batch_no', v_batch, 'expiry_date', v_expiry, 'mfg_date', v_mfg, 'quantity', v_quantity)));
END $$;

CREATE OR REPLACE FUNCTION "stock_remove_batches"(actor uuid, input jsonb, p uuid, w uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_quantity int := (input->>'quantity')::int;
  v_type text := input->>'movement_type';
  v_batch text := nullif(btrim(input->>'batch_no'), '');
  v_reference text := input->>'reference_id';
  balance inventory; taken jsonb; movements jsonb; one stock_batches;
BEGIN
  IF v_type = 'damaged' AND v_batch IS NULL THEN RETURN stock_refusal(400, 'Batch number is required', 'batch_no'); END IF;
  balance := stock_lock_tracked(p, w, false);
  -- Damaged goods, and a return to the seller that names its batch, leave from that batch; the rest first-expiry-first-out.
  IF v_type = 'damaged' OR (v_batch IS NOT NULL AND input->>'movement_reason' = 'return') THEN
    SELECT * INTO one FROM stock_batches b WHERE b.product_id = p AND b.warehouse_id = w AND b.batch_no = v_batch FOR UPDATE;
    IF one.id IS NULL THEN RETURN stock_refusal(400, 'Batch not found', 'batch_no'); END IF;
    IF one.current_stock < v_quantity THEN
      RETURN stock_refusal(409, format('Insufficient stock: only %s in batch %s, cannot remove %s', one.current_stock, one.batch_no, v_quantity));
    END IF;
    UPDATE stock_batches SET current_stock = current_stock - v_quantity WHERE id = one.id;
    taken := jsonb_build_array(jsonb_build_object('batch_no', one.batch_no, 'expiry_date', one.expiry_date, 'mfg_date', one.mfg_date,
                                                  'quantity', v_quantity));
  ELSE
    IF balance.id IS NULL THEN RETURN stock_refusal(409, 'Not enough unexpired stock'); END IF;
    SELECT jsonb_agg(to_jsonb(t) ORDER BY t.n) INTO taken
      FROM stock_fefo_take(p, w, v_quantity) WITH ORDINALITY AS t(batch_no, expiry_date, mfg_date, quantity, n);
    IF taken IS NULL THEN RETURN stock_refusal(409, 'Not enough unexpired stock'); END IF;
    taken := (SELECT jsonb_agg(e - 'n') FROM jsonb_array_elements(taken) e);
  END IF;
  -- Every piece leaves at the average: its share of the record's value, cumulated so the pieces add up exactly.
  UPDATE inventory SET current_stock = current_stock - v_quantity,
         stock_value = stock_value - stock_value_of(balance.current_stock, balance.stock_value, v_quantity), modified = now()
   WHERE id = balance.id;
  WITH plan AS (
    SELECT e.v->>'batch_no' AS batch_no, (e.v->>'quantity')::int AS quantity, e.n,
           sum((e.v->>'quantity')::int) OVER (ORDER BY e.n) AS upto
      FROM jsonb_array_elements(taken) WITH ORDINALITY AS e(v, n)
  ), valued AS (
    SELECT plan.*, stock_value_of(balance.current_stock, balance.stock_value, plan.upto)
                   - stock_value_of(balance.current_stock, balance.stock_value, plan.upto - plan.quantity) AS worth
      FROM plan
  ), written AS (
    INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes, batch_no)
    SELECT p, w, v_type, -plan.quantity, balance.current_stock - (plan.upto - plan.quantity), balance.current_stock - plan.upto,
      stock_row_cost(plan.worth, plan.quantity), plan.worth, -plan.worth, input->>'movement_reason', v_reference,
      coalesce(input->>'reference_type', CASE WHEN v_reference IS NOT NULL THEN 'invoice' ELSE 'manual' END),
      stock_uuid(input->>'seller_id'), actor, coalesce(input->>'notes', ''), plan.batch_no
      FROM valued plan ORDER BY plan.n
    RETURNING m.*
  )
  SELECT jsonb_agg(stock_movement_json(written) ORDER BY written.seq) INTO movements FROM written;
  RETURN stock_batch_answer(balance.id, movements, taken);
END $$;

CREATE OR REPLACE FUNCTION "stock_adjust_batch"(actor uuid, input jsonb, p uuid, w uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_new int := (input->>'new_stock')::int;
  v_cost numeric := (input->>'unit_cost')::numeric;
  v_batch text := btrim(input->>'batch_no');
  v_expiry date := (input->>'expiry_date')::date;
  refusal jsonb; balance inventory; one stock_batches; delta int; v_change numeric; movement stock_movements;
  too_large constant jsonb := stock_refusal(400, 'The value of this movement (quantity × unit cost) is too large');
BEGIN
  refusal := stock_batch_fields(input, false);
  IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  SELECT * INTO balance FROM inventory i WHERE i.product_id = p AND i.warehouse_id = w FOR UPDATE;
  IF balance.id IS NOT NULL THEN
    SELECT * INTO one FROM stock_batches b WHERE b.product_id = p AND b.warehouse_id = w AND b.batch_no = v_batch;
  END IF;
  -- A count of a batch we do not know yet needs its expiry date; one we know keeps its own.
  IF one.id IS NULL AND v_expiry IS NULL AND NOT (v_batch = 'OPENING' AND balance.id IS NOT NULL AND NOT balance.tracks_expiry) THEN
    RETURN stock_refusal(400, 'Batch not found', 'batch_no');
  END IF;
  IF v_expiry IS NOT NULL AND balance.id IS NOT NULL THEN
    refusal := stock_batch_conflict(p, w, v_batch, v_expiry);
    IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  END IF;
  delta := v_new - coalesce(one.current_stock, 0);
  IF coalesce(balance.current_stock, 0)::bigint + delta > 100000000 THEN
    RETURN stock_refusal(409, 'Stock cannot exceed 100000000 units of one product in one warehouse');
  END IF;
  IF delta > 0 AND stock_value_too_large(delta, v_cost) THEN RETURN too_large; END IF;
  balance := stock_lock_tracked(p, w, true, '{}'::jsonb);
  SELECT * INTO one FROM stock_batches b WHERE b.product_id = p AND b.warehouse_id = w AND b.batch_no = v_batch FOR UPDATE;
  delta := v_new - coalesce(one.current_stock, 0);
  IF delta = 0 THEN
    RETURN stock_answer(balance.id, NULL, format('Batch %s is already %s: nothing changed', v_batch, v_new));
  END IF;
  -- Units found enter at the cost given, else at the average; units missing leave at the average (10-ledger.sql).
  v_change := CASE WHEN delta > 0 THEN stock_in_value(balance.current_stock, balance.stock_value, delta, v_cost, p, balance.unit_cost)
                   ELSE -stock_value_of(balance.current_stock, balance.stock_value, -delta) END;
  IF abs(v_change) >= 10000000000 THEN RETURN too_large; END IF;
  UPDATE inventory SET current_stock = current_stock + delta, stock_value = stock_value + v_change, modified = now()
   WHERE id = balance.id;
  IF one.id IS NULL THEN
    PERFORM stock_batch_put(p, w, v_batch, v_expiry, (input->>'mfg_date')::date, delta);
  ELSE
    UPDATE stock_batches SET current_stock = v_new WHERE id = one.id;
  END IF;
  INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
    total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes, batch_no)
  VALUES (p, w, 'adjustment', delta, balance.current_stock, balance.current_stock + delta,
    stock_row_cost(v_change, delta, CASE WHEN delta > 0 THEN v_cost END), abs(v_change), v_change,
    coalesce(input->>'movement_reason', 'adjustment'),
    input->>'reference_id', coalesce(input->>'reference_type', 'manual'), NULL, actor, coalesce(input->>'notes', ''), v_batch)
  RETURNING m.* INTO movement;
  RETURN stock_batch_answer(balance.id, jsonb_build_array(stock_movement_json(movement)),
    jsonb_build_array(jsonb_build_object('batch_no', v_batch, 'expiry_date', coalesce(one.expiry_date, v_expiry), 'quantity', delta)));
END $$;

-- Every expired batch of one warehouse leaves as one `damaged` row (reason 'expired'), in one statement, at the average
-- cost of its record; the person's reason goes into the rows' notes and their reference (a debit note…) into
-- reference_id. Records are locked in id order (as the tracking switch does), then their batches in expiry order.
CREATE OR REPLACE FUNCTION "stock_write_off_expired"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_warehouse uuid; v_name text; today date := stock_today(); written jsonb;
  v_reason text := nullif(btrim(coalesce(input->>'reason', '')), '');
  v_reference text := nullif(btrim(coalesce(input->>'reference_id', '')), '');
BEGIN
  SELECT wh.id, wh.name INTO v_warehouse, v_name FROM warehouses wh WHERE wh.id = stock_uuid(input->>'warehouse_id');
  IF v_warehouse IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'warehouse_id'); END IF;
  PERFORM 1 FROM inventory i
   WHERE i.warehouse_id = v_warehouse AND i.tracks_expiry AND EXISTS (
     SELECT 1 FROM stock_batches b WHERE b.product_id = i.product_id AND b.warehouse_id = v_warehouse
        AND b.current_stock > 0 AND b.expiry_date < today)
   ORDER BY i.id FOR UPDATE;
  PERFORM 1 FROM stock_batches b
   WHERE b.warehouse_id = v_warehouse AND b.current_stock > 0 AND b.expiry_date < today
   ORDER BY b.product_id, b.expiry_date, b.batch_no FOR UPDATE;
  WITH plan AS (
    SELECT b.id AS batch_id, b.product_id, b.batch_no, b.expiry_date, b.current_stock AS quantity, i.id AS inventory_id,
           i.current_stock AS record_stock, i.stock_value AS record_value,
           sum(b.current_stock) OVER (PARTITION BY b.product_id ORDER BY b.expiry_date, b.batch_no) AS upto,
           row_number() OVER (ORDER BY i.id, b.expiry_date, b.batch_no) AS n
      FROM stock_batches b JOIN inventory i ON i.product_id = b.product_id AND i.warehouse_id = b.warehouse_id
     WHERE b.warehouse_id = v_warehouse AND b.current_stock > 0 AND b.expiry_date < today AND i.tracks_expiry
  ), valued AS (
    SELECT plan.*, stock_value_of(plan.record_stock, plan.record_value, plan.upto)
                   - stock_value_of(plan.record_stock, plan.record_value, plan.upto - plan.quantity) AS worth
      FROM plan
  ), emptied AS (
    UPDATE stock_batches b SET current_stock = 0 FROM plan WHERE b.id = plan.batch_id RETURNING b.id
  ), balances AS (
    UPDATE inventory i SET current_stock = i.current_stock - t.quantity, stock_value = i.stock_value - t.worth, modified = now()
      FROM (SELECT inventory_id, sum(quantity) AS quantity, sum(worth) AS worth FROM valued GROUP BY inventory_id) t
     WHERE i.id = t.inventory_id RETURNING i.id
  ), rows AS (
    INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes, batch_no)
    SELECT plan.product_id, v_warehouse, 'damaged', -plan.quantity, plan.record_stock - (plan.upto - plan.quantity),
           plan.record_stock - plan.upto, stock_row_cost(plan.worth, plan.quantity), plan.worth, -plan.worth, 'expired',
           v_reference, 'manual', NULL, actor,
           format('Expired on %s', to_char(plan.expiry_date, 'YYYY-MM-DD')) || coalesce(': ' || v_reason, ''), plan.batch_no
      FROM valued plan ORDER BY plan.n
    RETURNING m.*
  )
  SELECT jsonb_agg(jsonb_build_object('product_id', r.product_id, 'product_name', pr.productname, 'batch_no', r.batch_no,
           'expiry_date', plan.expiry_date, 'quantity', -r.quantity, 'value', r.total_value, 'movement_id', r.id) ORDER BY r.seq)
    INTO written
    FROM rows r JOIN plan ON plan.product_id = r.product_id AND plan.batch_no = r.batch_no
    JOIN products pr ON pr.id = r.product_id;
  written := coalesce(written, '[]'::jsonb);
  RETURN jsonb_build_object('status', 200, 'body', jsonb_build_object(
    'message', CASE WHEN jsonb_array_length(written) = 0 THEN 'No expired stock to write off' ELSE 'Expired stock written off' END,
    'warehouse_id', v_warehouse, 'warehouse_name', v_name, 'written_off', written,
    'total_quantity', (SELECT coalesce(sum((e->>'quantity')::int), 0) FROM jsonb_array_elements(written) e),
    'total_value', (SELECT coalesce(sum((e->>'value')::numeric), 0) FROM jsonb_array_elements(written) e)));
END $$;
