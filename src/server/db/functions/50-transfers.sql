-- Transfers between warehouses: every step one function, behind transfer_request.

-- Stock transfers (issue 18). Every step is ONE SQL function run as one statement (through transfer_request, which
-- records the Idempotency-Key like stock_request): the transfer row is locked first, then the balances it touches in id
-- order (the order stock takes, write-off-expired and the tracking switch use), so concurrent steps and stock requests
-- cannot deadlock. A refusal returns before anything is written. Dispatch writes `out` rows at the source, receive `in`
-- rows at the destination, cancel `in` rows back at the source (all reference type 'transfer', reference id = the
-- transfer's id); a receiver's close writes the missing units in and out again at the destination as `damaged`, so the
-- ledger tells what never arrived. In transit, per line: dispatched − received − returned − damaged.
CREATE OR REPLACE FUNCTION "transfer_iso"(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

CREATE OR REPLACE FUNCTION "transfer_user_name"(user_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT nullif(trim(u.firstname || ' ' || u.lastname), '') FROM users u WHERE u.id = user_id
$$;

CREATE OR REPLACE FUNCTION "transfer_reference"(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'TR-' || lpad(n::text, 5, '0')
$$;

-- A transfer as the API shows it: header, lines with their batches and what is in transit, and its history.
CREATE OR REPLACE FUNCTION "transfer_json"(transfer_id uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    '_id', t.id, 'number', t.number, 'reference', transfer_reference(t.number),
    'from_warehouse_id', t.from_warehouse_id, 'from_warehouse_name', fw.name,
    'to_warehouse_id', t.to_warehouse_id, 'to_warehouse_name', tw.name,
    'status', t.status, 'notes', t.notes,
    'created_by', t.created_by, 'created_by_name', transfer_user_name(t.created_by), 'created', transfer_iso(t.created),
    'dispatched_by', t.dispatched_by, 'dispatched_by_name', transfer_user_name(t.dispatched_by), 'dispatched_at', transfer_iso(t.dispatched_at),
    'received_by', t.received_by, 'received_by_name', transfer_user_name(t.received_by), 'received_at', transfer_iso(t.received_at),
    'cancelled_by', t.cancelled_by, 'cancelled_by_name', transfer_user_name(t.cancelled_by), 'cancelled_at', transfer_iso(t.cancelled_at),
    'modified', transfer_iso(t.modified),
    'in_transit_quantity', coalesce(l.in_transit, 0), 'in_transit_value', coalesce(l.in_transit_value, 0),
    'lines', coalesce(l.lines, '[]'::jsonb),
    'history', coalesce((
      SELECT jsonb_agg(jsonb_build_object('action', e.action, 'status', e.status, 'performed_by', e.performed_by,
               'performed_by_name', transfer_user_name(e.performed_by), 'note', e.note, 'lines', e.lines, 'at', transfer_iso(e.created))
             ORDER BY e.id)
        FROM transfer_events e WHERE e.transfer_id = t.id), '[]'::jsonb))
  FROM transfers t
  JOIN warehouses fw ON fw.id = t.from_warehouse_id
  JOIN warehouses tw ON tw.id = t.to_warehouse_id
  LEFT JOIN LATERAL (
    SELECT sum(x.dispatched - x.received - x.returned - x.damaged)::int AS in_transit,
           sum(x.dispatched_value - x.settled_value)::float8 AS in_transit_value,
           jsonb_agg(jsonb_build_object(
             'product_id', x.product_id, 'product_name', p.productname, 'sku', p.sku, 'tracks_expiry', p.tracks_expiry,
             'quantity', x.quantity, 'dispatched', x.dispatched, 'received', x.received, 'returned', x.returned,
             'damaged', x.damaged, 'in_transit', x.dispatched - x.received - x.returned - x.damaged,
             'unit_cost', x.unit_cost::float8,
             'in_transit_value', (x.dispatched_value - x.settled_value)::float8,
             'batches', coalesce((
               SELECT jsonb_agg(jsonb_build_object('batch_no', b.batch_no, 'expiry_date', b.expiry_date, 'mfg_date', b.mfg_date,
                        'dispatched', b.dispatched, 'received', b.received, 'returned', b.returned, 'damaged', b.damaged,
                        'in_transit', b.dispatched - b.received - b.returned - b.damaged)
                      ORDER BY b.expiry_date NULLS LAST, b.batch_no)
                 FROM transfer_batches b WHERE b.transfer_id = x.transfer_id AND b.product_id = x.product_id), '[]'::jsonb))
             ORDER BY x.position) AS lines
      FROM transfer_lines x JOIN products p ON p.id = x.product_id
     WHERE x.transfer_id = t.id
  ) l ON true
  WHERE t.id = transfer_id
$$;

CREATE OR REPLACE FUNCTION "transfer_answer"(transfer_id uuid, status int DEFAULT 200) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('status', status, 'body', transfer_json(transfer_id))
$$;

-- A step out of order: 409 with the transfer's current status.
CREATE OR REPLACE FUNCTION "transfer_out_of_order"(current text, step text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('status', 409, 'body', jsonb_build_object(
    'message', format('This transfer is %s: it cannot be %s', replace(current, '_', ' '), step), 'status', current))
$$;

CREATE OR REPLACE FUNCTION "transfer_event"(transfer_id uuid, action text, status text, actor uuid, note text, lines jsonb)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO transfer_events (transfer_id, action, status, performed_by, note, lines)
  VALUES (transfer_id, action, status, actor, coalesce(note, ''), lines)
$$;

-- The first line (1-based) whose product an earlier line already names, or NULL: one sort of the lines (comparing each
-- line with every earlier one parsed 250,000 pairs of ids for a 500-line transfer). A line without a valid id is never
-- a repeat, as before (the callers refuse it as not found first).
CREATE OR REPLACE FUNCTION "transfer_repeated_line"(lines jsonb) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT min(x.n) FROM (
    SELECT e.n, row_number() OVER (PARTITION BY stock_uuid(e.v->>'product_id') ORDER BY e.n) AS k
      FROM jsonb_array_elements(coalesce(lines, '[]')) WITH ORDINALITY AS e(v, n)
     WHERE stock_uuid(e.v->>'product_id') IS NOT NULL) x
   WHERE x.k > 1
$$;

-- A transfer's body (create, and an edit of a draft), checked before anything is written: the refusal (400 naming the
-- field) or NULL.
CREATE OR REPLACE FUNCTION "transfer_check"(input jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_from uuid; v_to uuid; bad record; v_from_status text; v_to_status text;
BEGIN
  SELECT w.id, w.status INTO v_from, v_from_status FROM warehouses w WHERE w.id = stock_uuid(input->>'from_warehouse_id');
  IF v_from IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'from_warehouse_id'); END IF;
  SELECT w.id, w.status INTO v_to, v_to_status FROM warehouses w WHERE w.id = stock_uuid(input->>'to_warehouse_id');
  IF v_to IS NULL THEN RETURN stock_refusal(400, 'Warehouse not found', 'to_warehouse_id'); END IF;
  -- A closed warehouse neither ships nor receives: its transfers would sit in transit for good.
  IF v_from_status <> 'active' THEN RETURN stock_refusal(400, 'This warehouse is inactive: it cannot send a transfer', 'from_warehouse_id'); END IF;
  IF v_to_status <> 'active' THEN RETURN stock_refusal(400, 'This warehouse is inactive: it cannot receive a transfer', 'to_warehouse_id'); END IF;
  IF v_from = v_to THEN RETURN stock_refusal(400, 'The destination must be another warehouse than the source', 'to_warehouse_id'); END IF;
  SELECT e.n INTO bad FROM jsonb_array_elements(input->'lines') WITH ORDINALITY AS e(v, n)
   WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = stock_uuid(e.v->>'product_id')) ORDER BY e.n LIMIT 1;
  IF FOUND THEN RETURN stock_refusal(400, 'Product not found', format('lines.%s.product_id', bad.n - 1)); END IF;
  SELECT transfer_repeated_line(input->'lines') AS n INTO bad;
  IF bad.n IS NOT NULL THEN RETURN stock_refusal(400, 'This product is listed twice', format('lines.%s.product_id', bad.n - 1)); END IF;
  RETURN NULL;
END $$;

-- The lines of a draft, as the body lists them.
CREATE OR REPLACE FUNCTION "transfer_put_lines"(tid uuid, input jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO transfer_lines (transfer_id, product_id, quantity, position)
  SELECT tid, stock_uuid(e.v->>'product_id'), (e.v->>'quantity')::int, e.n
    FROM jsonb_array_elements(input->'lines') WITH ORDINALITY AS e(v, n)
$$;

CREATE OR REPLACE FUNCTION "transfer_create"(actor uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid; refusal jsonb := transfer_check(input);
BEGIN
  IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  INSERT INTO transfers (from_warehouse_id, to_warehouse_id, notes, created_by)
  VALUES (stock_uuid(input->>'from_warehouse_id'), stock_uuid(input->>'to_warehouse_id'), coalesce(input->>'notes', ''), actor)
  RETURNING id INTO v_id;
  PERFORM transfer_put_lines(v_id, input);
  PERFORM transfer_event(v_id, 'created', 'draft', actor, input->>'notes', NULL);
  RETURN transfer_answer(v_id, 201);
END $$;

-- Edit a draft: the whole body again (ends, lines, notes), checked as a create's. Only a draft: once dispatched, its
-- lines are what moved. The transfer row is locked first, so an edit and a dispatch of the same draft take turns.
CREATE OR REPLACE FUNCTION "transfer_update"(actor uuid, tid uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  tr transfers; refusal jsonb;
BEGIN
  SELECT * INTO tr FROM transfers t WHERE t.id = tid FOR UPDATE;
  IF tr.id IS NULL THEN RETURN stock_refusal(404, 'Transfer not found'); END IF;
  IF tr.status <> 'draft' THEN RETURN transfer_out_of_order(tr.status, 'edited'); END IF;
  refusal := transfer_check(input);
  IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  UPDATE transfers SET from_warehouse_id = stock_uuid(input->>'from_warehouse_id'), to_warehouse_id = stock_uuid(input->>'to_warehouse_id'),
                       notes = coalesce(input->>'notes', ''), modified = now()
   WHERE id = tid;
  DELETE FROM transfer_lines WHERE transfer_id = tid;
  PERFORM transfer_put_lines(tid, input);
  PERFORM transfer_event(tid, 'edited', 'draft', actor, NULL,
    (SELECT jsonb_agg(jsonb_build_object('product_id', l.product_id, 'quantity', l.quantity) ORDER BY l.position)
       FROM transfer_lines l WHERE l.transfer_id = tid));
  RETURN transfer_answer(tid);
END $$;

-- Takes `wanted` units of a line's batches still in transit, earliest expiry first, booking them as `kind` (received,
-- returned or damaged); answers what it took from each batch. A line without batches answers no row.
CREATE OR REPLACE FUNCTION "transfer_batches_take"(tid uuid, p uuid, wanted int, kind text)
RETURNS TABLE (batch_no text, expiry_date date, mfg_date date, quantity int) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  IF wanted <= 0 THEN RETURN; END IF;
  RETURN QUERY
  WITH ordered AS (
    SELECT b.batch_no AS bn, b.expiry_date AS ex, b.mfg_date AS mf, b.dispatched - b.received - b.returned - b.damaged AS open_units,
           sum(b.dispatched - b.received - b.returned - b.damaged) OVER (ORDER BY b.expiry_date NULLS LAST, b.batch_no) AS upto
      FROM transfer_batches b
     WHERE b.transfer_id = tid AND b.product_id = p AND b.dispatched - b.received - b.returned - b.damaged > 0
  ), plan AS (
    SELECT o.bn, o.ex, o.mf, o.upto, least(o.open_units, wanted - (o.upto - o.open_units))::int AS take
      FROM ordered o WHERE o.upto - o.open_units < wanted
  ), moved AS (
    UPDATE transfer_batches b
       SET received = b.received + CASE WHEN kind = 'received' THEN plan.take ELSE 0 END,
           returned = b.returned + CASE WHEN kind = 'returned' THEN plan.take ELSE 0 END,
           damaged = b.damaged + CASE WHEN kind = 'damaged' THEN plan.take ELSE 0 END
      FROM plan WHERE b.transfer_id = tid AND b.product_id = p AND b.batch_no = plan.bn
    RETURNING b.batch_no AS moved_bn
  )
  SELECT plan.bn, plan.ex, plan.mf, plan.take FROM plan JOIN moved ON moved.moved_bn = plan.bn ORDER BY plan.upto;
END $$;

-- Puts `units` of one line into warehouse `w` (receive, or a cancel's return): one `in` row per batch (the batches the
-- dispatch took, booked as `kind`; a line dispatched without batches arrives as 'OPENING'), then, for a close, the
-- `damaged` units out again. The caller holds the balance row's lock. Answers the pieces moved.
CREATE OR REPLACE FUNCTION "transfer_put"(actor uuid, tr transfers, line transfer_lines, w uuid, units int, kind text, lost int, note text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  balance inventory; tracked boolean; stock int; piece record; pieces jsonb := '[]'::jsonb; lost_pieces jsonb := '[]'::jsonb;
  has_batches boolean; label text; settled int; worth numeric; arrived numeric := 0; lost_worths jsonb := '[]'::jsonb;
BEGIN
  SELECT p.tracks_expiry INTO tracked FROM products p WHERE p.id = line.product_id;
  IF tracked THEN
    balance := stock_lock_tracked(line.product_id, w, true, jsonb_build_object('unit_cost', line.unit_cost));
  ELSE
    SELECT * INTO balance FROM inventory i WHERE i.product_id = line.product_id AND i.warehouse_id = w FOR UPDATE;
    tracked := balance.tracks_expiry;
  END IF;
  has_batches := EXISTS (SELECT 1 FROM transfer_batches b WHERE b.transfer_id = tr.id AND b.product_id = line.product_id);
  IF has_batches THEN
    SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.n), '[]'::jsonb) INTO pieces
      FROM transfer_batches_take(tr.id, line.product_id, units, kind) WITH ORDINALITY AS x(batch_no, expiry_date, mfg_date, quantity, n);
    SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.n), '[]'::jsonb) INTO lost_pieces
      FROM transfer_batches_take(tr.id, line.product_id, lost, 'damaged') WITH ORDINALITY AS x(batch_no, expiry_date, mfg_date, quantity, n);
  ELSE
    IF units > 0 THEN pieces := jsonb_build_array(jsonb_build_object('batch_no', 'OPENING', 'quantity', units)); END IF;
    IF lost > 0 THEN lost_pieces := jsonb_build_array(jsonb_build_object('batch_no', 'OPENING', 'quantity', lost)); END IF;
  END IF;
  IF (SELECT coalesce(sum((e->>'quantity')::int), 0) FROM jsonb_array_elements(pieces || lost_pieces) e) <> units + lost THEN
    RAISE EXCEPTION 'transfer_put: the batches of % in transit do not add up to %', line.product_id, units + lost;
  END IF;
  label := format('Transfer %s', transfer_reference(tr.number));
  stock := balance.current_stock;
  -- The units arrive (or go back) worth what they were worth when they left: their share of the line's dispatched
  -- value, cumulated over every unit settled so far, so the line's pieces add up exactly to it (10-ledger.sql).
  settled := line.received + line.returned + line.damaged;
  FOR piece IN SELECT e->>'batch_no' AS batch_no, (e->>'expiry_date')::date AS expiry_date, (e->>'mfg_date')::date AS mfg_date,
                      (e->>'quantity')::int AS quantity, x.n
                 FROM jsonb_array_elements(pieces || lost_pieces) WITH ORDINALITY AS x(e, n) ORDER BY x.n LOOP
    IF tracked THEN
      IF stock_batch_conflict(line.product_id, w, piece.batch_no, piece.expiry_date) IS NOT NULL THEN
        RAISE EXCEPTION '%', format('Batch %s of this product already has another expiry date in the receiving warehouse: '
          || 'correct that batch first', piece.batch_no) USING ERRCODE = 'BX018';
      END IF;
      PERFORM stock_batch_put(line.product_id, w, piece.batch_no, piece.expiry_date, piece.mfg_date, piece.quantity);
    END IF;
    worth := stock_value_of(line.dispatched, line.dispatched_value, settled + piece.quantity)
             - stock_value_of(line.dispatched, line.dispatched_value, settled);
    settled := settled + piece.quantity;
    INSERT INTO stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes, batch_no)
    VALUES (line.product_id, w, 'in', piece.quantity, stock, stock + piece.quantity, stock_row_cost(worth, piece.quantity),
      worth, worth, 'transfer', tr.id::text, 'transfer', NULL, actor,
      CASE WHEN kind = 'returned' THEN label || ' cancelled: returned' ELSE label END,
      CASE WHEN tracked THEN piece.batch_no END);
    stock := stock + piece.quantity;
    arrived := arrived + worth;
    IF piece.n > jsonb_array_length(pieces) THEN lost_worths := lost_worths || to_jsonb(worth); END IF;
  END LOOP;
  -- What never arrived leaves again as `damaged`, worth exactly what it came in at: the destination's value is unchanged
  -- by it, and the ledger shows the loss.
  FOR piece IN SELECT e->>'batch_no' AS batch_no, (e->>'quantity')::int AS quantity, (lost_worths->>(x.n - 1)::int)::numeric AS worth
                 FROM jsonb_array_elements(lost_pieces) WITH ORDINALITY AS x(e, n) ORDER BY x.n LOOP
    IF tracked THEN
      UPDATE stock_batches b SET current_stock = b.current_stock - piece.quantity
       WHERE b.product_id = line.product_id AND b.warehouse_id = w AND b.batch_no = piece.batch_no;
    END IF;
    INSERT INTO stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes, batch_no)
    VALUES (line.product_id, w, 'damaged', -piece.quantity, stock, stock - piece.quantity, stock_row_cost(piece.worth, piece.quantity),
      piece.worth, -piece.worth, 'transfer', tr.id::text, 'transfer', NULL, actor,
      label || ' closed short: ' || coalesce(note, ''), CASE WHEN tracked THEN piece.batch_no END);
    stock := stock - piece.quantity;
    arrived := arrived - piece.worth;
  END LOOP;
  UPDATE inventory SET current_stock = stock, stock_value = stock_value + arrived, modified = now() WHERE id = balance.id;
  UPDATE transfer_lines l
     SET received = l.received + CASE WHEN kind = 'received' THEN units ELSE 0 END,
         returned = l.returned + CASE WHEN kind = 'returned' THEN units ELSE 0 END,
         damaged = l.damaged + lost,
         settled_value = l.settled_value + stock_value_of(line.dispatched, line.dispatched_value, settled)
                         - stock_value_of(line.dispatched, line.dispatched_value, line.received + line.returned + line.damaged)
   WHERE l.transfer_id = tr.id AND l.product_id = line.product_id;
  RETURN pieces || lost_pieces;
END $$;

-- Dispatch: every line's quantity leaves the source in one go, products that track expiry first-expiry-first-out from
-- unexpired batches. If any line lacks stock: 409 naming the product, and nothing moves.
CREATE OR REPLACE FUNCTION "transfer_dispatch"(actor uuid, tid uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  tr transfers; short record; line record; balance inventory; taken jsonb; applied int; changes int; label text; worth numeric;
BEGIN
  SELECT * INTO tr FROM transfers t WHERE t.id = tid FOR UPDATE;
  IF tr.id IS NULL THEN RETURN stock_refusal(404, 'Transfer not found'); END IF;
  IF tr.status <> 'draft' THEN RETURN transfer_out_of_order(tr.status, 'dispatched'); END IF;
  label := format('Transfer %s', transfer_reference(tr.number));

  PERFORM 1 FROM inventory i JOIN transfer_lines l ON l.product_id = i.product_id
   WHERE l.transfer_id = tid AND i.warehouse_id = tr.from_warehouse_id ORDER BY i.id FOR UPDATE OF i;
  -- A product that started tracking expiry since its record was last touched keeps its stock as 'OPENING'.
  PERFORM stock_lock_tracked(l.product_id, tr.from_warehouse_id, false)
     FROM transfer_lines l JOIN products p ON p.id = l.product_id
     JOIN inventory i ON i.product_id = l.product_id AND i.warehouse_id = tr.from_warehouse_id
    WHERE l.transfer_id = tid AND p.tracks_expiry AND NOT i.tracks_expiry;

  SELECT l.position, l.product_id, p.productname, l.quantity, w.name AS warehouse,
         CASE WHEN i.tracks_expiry THEN coalesce((SELECT sum(b.current_stock) FROM stock_batches b
                WHERE b.product_id = l.product_id AND b.warehouse_id = tr.from_warehouse_id
                  AND (b.expiry_date IS NULL OR b.expiry_date >= stock_today())), 0)
              ELSE coalesce(i.current_stock, 0) END AS available, coalesce(i.tracks_expiry, false) AS tracked
    INTO short
    FROM transfer_lines l JOIN products p ON p.id = l.product_id JOIN warehouses w ON w.id = tr.from_warehouse_id
    LEFT JOIN inventory i ON i.product_id = l.product_id AND i.warehouse_id = tr.from_warehouse_id
   WHERE l.transfer_id = tid
     AND l.quantity > CASE WHEN i.tracks_expiry THEN coalesce((SELECT sum(b.current_stock) FROM stock_batches b
                WHERE b.product_id = l.product_id AND b.warehouse_id = tr.from_warehouse_id
                  AND (b.expiry_date IS NULL OR b.expiry_date >= stock_today())), 0)
              ELSE coalesce(i.current_stock, 0) END
   ORDER BY l.position LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('status', 409, 'body', jsonb_build_object(
      'message', format('Not enough %sstock of %s in %s: %s available, %s to dispatch. Nothing was dispatched.',
                        CASE WHEN short.tracked THEN 'unexpired ' ELSE '' END, short.productname, short.warehouse, short.available, short.quantity),
      'product_id', short.product_id, 'product_name', short.productname, 'available', short.available,
      'errors', jsonb_build_array(jsonb_build_object('field', format('lines.%s.quantity', short.position - 1),
        'message', format('Only %s of %s available', short.available, short.productname)))));
  END IF;

  SELECT count(*) INTO changes FROM transfer_lines l JOIN inventory i ON i.product_id = l.product_id AND i.warehouse_id = tr.from_warehouse_id
   WHERE l.transfer_id = tid AND NOT i.tracks_expiry;
  -- The units leave at the source's average cost (the balances are locked above, so these values are current).
  WITH source AS (
    SELECT i.id, i.product_id, l.quantity, stock_value_of(i.current_stock, i.stock_value, l.quantity) AS worth
      FROM transfer_lines l JOIN inventory i ON i.product_id = l.product_id AND i.warehouse_id = tr.from_warehouse_id
     WHERE l.transfer_id = tid AND NOT i.tracks_expiry AND i.current_stock >= l.quantity
  ), taken_out AS (
    UPDATE inventory i SET current_stock = i.current_stock - s.quantity, stock_value = i.stock_value - s.worth, modified = now()
      FROM source s WHERE i.id = s.id
    RETURNING i.product_id, i.current_stock, s.quantity, s.worth
  ), booked AS (
    UPDATE transfer_lines l SET dispatched = b.quantity, unit_cost = stock_row_cost(b.worth, b.quantity), dispatched_value = b.worth
      FROM taken_out b WHERE l.transfer_id = tid AND l.product_id = b.product_id
    RETURNING 1
  ), movement AS (
    INSERT INTO stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
    SELECT b.product_id, tr.from_warehouse_id, 'out', -b.quantity, b.current_stock + b.quantity, b.current_stock,
           stock_row_cost(b.worth, b.quantity), b.worth, -b.worth, 'transfer', tid::text, 'transfer', NULL, actor, label
      FROM taken_out b ORDER BY b.product_id
    RETURNING 1
  )
  SELECT count(*) INTO applied FROM movement;
  IF applied <> changes THEN RAISE EXCEPTION 'transfer_dispatch: % of % lines dispatched', applied, changes; END IF;

  FOR line IN
    SELECT l.product_id, l.quantity, i.id AS record_id FROM transfer_lines l
      JOIN inventory i ON i.product_id = l.product_id AND i.warehouse_id = tr.from_warehouse_id
     WHERE l.transfer_id = tid AND i.tracks_expiry ORDER BY l.position
  LOOP
    SELECT * INTO balance FROM inventory i WHERE i.id = line.record_id;
    SELECT jsonb_agg(to_jsonb(x) ORDER BY x.n) INTO taken
      FROM stock_fefo_take(line.product_id, tr.from_warehouse_id, line.quantity) WITH ORDINALITY AS x(batch_no, expiry_date, mfg_date, quantity, n);
    IF taken IS NULL THEN RAISE EXCEPTION 'transfer_dispatch: batches of % short', line.product_id; END IF;
    WITH plan AS (
      SELECT e->>'batch_no' AS batch_no, (e->>'expiry_date')::date AS expiry_date, (e->>'mfg_date')::date AS mfg_date,
             (e->>'quantity')::int AS quantity, x.n, sum((e->>'quantity')::int) OVER (ORDER BY x.n) AS upto
        FROM jsonb_array_elements(taken) WITH ORDINALITY AS x(e, n)
    ), kept AS (
      INSERT INTO transfer_batches (transfer_id, product_id, batch_no, expiry_date, mfg_date, dispatched)
      SELECT tid, line.product_id, plan.batch_no, plan.expiry_date, plan.mfg_date, plan.quantity FROM plan
      RETURNING 1
    ), valued AS (
      SELECT plan.*, stock_value_of(balance.current_stock, balance.stock_value, plan.upto)
                     - stock_value_of(balance.current_stock, balance.stock_value, plan.upto - plan.quantity) AS worth
        FROM plan
    ), written AS (
      INSERT INTO stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
        total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes, batch_no)
      SELECT line.product_id, tr.from_warehouse_id, 'out', -plan.quantity, balance.current_stock - (plan.upto - plan.quantity),
             balance.current_stock - plan.upto, stock_row_cost(plan.worth, plan.quantity), plan.worth, -plan.worth, 'transfer',
             tid::text, 'transfer', NULL, actor, label, plan.batch_no
        FROM valued plan ORDER BY plan.n
      RETURNING quantity
    )
    SELECT -sum(quantity) INTO applied FROM written;
    IF applied <> line.quantity THEN RAISE EXCEPTION 'transfer_dispatch: % of % units of % taken', applied, line.quantity, line.product_id; END IF;
    worth := stock_value_of(balance.current_stock, balance.stock_value, line.quantity);
    UPDATE inventory SET current_stock = current_stock - line.quantity, stock_value = stock_value - worth, modified = now()
     WHERE id = line.record_id;
    UPDATE transfer_lines l SET dispatched = line.quantity, unit_cost = stock_row_cost(worth, line.quantity), dispatched_value = worth
     WHERE l.transfer_id = tid AND l.product_id = line.product_id;
  END LOOP;

  UPDATE transfers SET status = 'dispatched', dispatched_by = actor, dispatched_at = now(), modified = now() WHERE id = tid;
  PERFORM transfer_event(tid, 'dispatched', 'dispatched', actor, NULL,
    (SELECT jsonb_agg(jsonb_build_object('product_id', l.product_id, 'quantity', l.dispatched) ORDER BY l.position)
       FROM transfer_lines l WHERE l.transfer_id = tid));
  RETURN transfer_answer(tid);
END $$;

-- Receive: the quantities given go into the destination (batches and expiry carried over); what is left stays in
-- transit (partially_received) unless `close` writes it off as `damaged` with a note. More than in transit is 400.
CREATE OR REPLACE FUNCTION "transfer_receive"(actor uuid, tid uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  tr transfers; bad record; line transfer_lines; want record; closing boolean := coalesce((input->>'close')::boolean, false);
  note text := nullif(btrim(coalesce(input->>'note', '')), ''); receipt jsonb; lost int; left_over int; new_status text; done uuid[];
BEGIN
  SELECT * INTO tr FROM transfers t WHERE t.id = tid FOR UPDATE;
  IF tr.id IS NULL THEN RETURN stock_refusal(404, 'Transfer not found'); END IF;
  IF tr.status NOT IN ('dispatched', 'partially_received') THEN RETURN transfer_out_of_order(tr.status, 'received'); END IF;

  -- Each line's product id is parsed once (OFFSET 0 keeps the subquery whole): matched inside a join, it was parsed
  -- again for every pair of line and transfer line, 250,000 times for 500 lines.
  SELECT e.n, e.v INTO bad
    FROM (SELECT x.n, x.v, stock_uuid(x.v->>'product_id') AS product_id
            FROM jsonb_array_elements(coalesce(input->'lines', '[]')) WITH ORDINALITY AS x(v, n) OFFSET 0) e
   WHERE NOT EXISTS (SELECT 1 FROM transfer_lines l WHERE l.transfer_id = tid AND l.product_id = e.product_id)
   ORDER BY e.n LIMIT 1;
  IF FOUND THEN RETURN stock_refusal(400, 'This product is not on this transfer', format('lines.%s.product_id', bad.n - 1)); END IF;
  SELECT transfer_repeated_line(input->'lines') AS n INTO bad;
  IF bad.n IS NOT NULL THEN RETURN stock_refusal(400, 'This product is listed twice', format('lines.%s.product_id', bad.n - 1)); END IF;
  SELECT e.n, p.productname, l.dispatched - l.received - l.returned - l.damaged AS open_units, (e.v->>'quantity')::int AS quantity INTO bad
    FROM (SELECT x.n, x.v, stock_uuid(x.v->>'product_id') AS product_id
            FROM jsonb_array_elements(input->'lines') WITH ORDINALITY AS x(v, n) OFFSET 0) e
    JOIN transfer_lines l ON l.transfer_id = tid AND l.product_id = e.product_id
    JOIN products p ON p.id = l.product_id
   WHERE (e.v->>'quantity')::int > l.dispatched - l.received - l.returned - l.damaged ORDER BY e.n LIMIT 1;
  IF FOUND THEN
    RETURN stock_refusal(400, format('%s: only %s in transit, cannot receive %s', bad.productname, bad.open_units, bad.quantity),
                         format('lines.%s.quantity', bad.n - 1));
  END IF;

  SELECT jsonb_agg(jsonb_build_object('product_id', l.product_id, 'units', coalesce(r.units, 0), 'lost',
           CASE WHEN closing THEN l.dispatched - l.received - l.returned - l.damaged - coalesce(r.units, 0) ELSE 0 END) ORDER BY l.position)
    INTO receipt
    FROM transfer_lines l
    LEFT JOIN (SELECT stock_uuid(e->>'product_id') AS product_id, (e->>'quantity')::int AS units
                 FROM jsonb_array_elements(coalesce(input->'lines', '[]')) e OFFSET 0) r ON r.product_id = l.product_id
   WHERE l.transfer_id = tid;
  receipt := (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(receipt) e
               WHERE (e->>'units')::int > 0 OR (e->>'lost')::int > 0);
  IF jsonb_array_length(receipt) = 0 THEN
    RETURN stock_refusal(400, 'Enter a received quantity for at least one product', 'lines');
  END IF;
  SELECT coalesce(sum(r.lost), 0) INTO lost FROM jsonb_to_recordset(receipt) AS r(product_id uuid, units int, lost int);
  IF lost > 0 AND note IS NULL THEN
    RETURN stock_refusal(400, 'Say what happened to the units that did not arrive', 'note');
  END IF;
  SELECT p.productname INTO bad FROM jsonb_to_recordset(receipt) AS r(product_id uuid, units int, lost int)
    JOIN products p ON p.id = r.product_id
    JOIN inventory i ON i.product_id = r.product_id AND i.warehouse_id = tr.to_warehouse_id
   WHERE i.current_stock::bigint + r.units + r.lost > 100000000 ORDER BY p.productname LIMIT 1;
  IF FOUND THEN
    RETURN stock_refusal(409, format('%s: stock cannot exceed 100000000 units of one product in one warehouse', bad.productname));
  END IF;

  -- Balances at the destination: missing ones are created (empty, at the cost the units left with), then all locked.
  INSERT INTO inventory (product_id, warehouse_id, unit_cost, tracks_expiry)
  SELECT r.product_id, tr.to_warehouse_id, l.unit_cost, p.tracks_expiry
    FROM jsonb_to_recordset(receipt) AS r(product_id uuid, units int, lost int)
    JOIN transfer_lines l ON l.transfer_id = tid AND l.product_id = r.product_id
    JOIN products p ON p.id = r.product_id
   ORDER BY r.product_id
  ON CONFLICT (product_id, warehouse_id) DO NOTHING;
  PERFORM 1 FROM inventory i JOIN jsonb_to_recordset(receipt) AS r(product_id uuid, units int, lost int) ON r.product_id = i.product_id
   WHERE i.warehouse_id = tr.to_warehouse_id ORDER BY i.id FOR UPDATE OF i;

  -- The lines of products without batches (expiry not tracked, no batch in transit) with nothing lost arrive in one
  -- statement: what transfer_put does for one such line (one `in` row worth its share of the dispatched value), for
  -- all of them at once (a 500-line receipt was 500 rounds of it, each firing the ledger's statement triggers).
  WITH simple AS (
    SELECT l.transfer_id, l.product_id, l.position, r.units, i.id AS balance_id, i.current_stock,
           stock_value_of(l.dispatched, l.dispatched_value, l.received + l.returned + l.damaged + r.units)
             - stock_value_of(l.dispatched, l.dispatched_value, l.received + l.returned + l.damaged) AS worth
      FROM jsonb_to_recordset(receipt) AS r(product_id uuid, units int, lost int)
      JOIN transfer_lines l ON l.transfer_id = tid AND l.product_id = r.product_id
      JOIN products p ON p.id = r.product_id
      JOIN inventory i ON i.product_id = r.product_id AND i.warehouse_id = tr.to_warehouse_id
     WHERE r.lost = 0 AND r.units > 0 AND NOT p.tracks_expiry AND NOT i.tracks_expiry
       AND NOT EXISTS (SELECT 1 FROM transfer_batches b WHERE b.transfer_id = tid AND b.product_id = r.product_id)
  ), ledger AS (
    INSERT INTO stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes, batch_no)
    SELECT s.product_id, tr.to_warehouse_id, 'in', s.units, s.current_stock, s.current_stock + s.units, stock_row_cost(s.worth, s.units),
           s.worth, s.worth, 'transfer', tid::text, 'transfer', NULL, actor, format('Transfer %s', transfer_reference(tr.number)), NULL
      FROM simple s ORDER BY s.position
  ), balances AS (
    UPDATE inventory i SET current_stock = i.current_stock + s.units, stock_value = i.stock_value + s.worth, modified = now()
      FROM simple s WHERE i.id = s.balance_id
  ), settled AS (
    -- Joined on the line's key alone: with `l.transfer_id = tid` apart, the planner walked the transfer's lines and
    -- scanned the receipt for each (250,000 pairs for 500 lines).
    UPDATE transfer_lines l SET received = l.received + s.units, settled_value = l.settled_value + s.worth
      FROM simple s WHERE (l.transfer_id, l.product_id) = (s.transfer_id, s.product_id)
    RETURNING l.product_id
  )
  SELECT coalesce(array_agg(settled.product_id), '{}') INTO done FROM settled;

  FOR want IN SELECT (x.e->>'product_id')::uuid AS product_id, (x.e->>'units')::int AS units, (x.e->>'lost')::int AS lost
                 FROM jsonb_array_elements(receipt) WITH ORDINALITY AS x(e, n)
                WHERE (x.e->>'product_id')::uuid <> ALL (done) ORDER BY x.n LOOP
    SELECT * INTO line FROM transfer_lines l WHERE l.transfer_id = tid AND l.product_id = want.product_id;
    PERFORM transfer_put(actor, tr, line, tr.to_warehouse_id, want.units, 'received', want.lost, note);
  END LOOP;

  SELECT coalesce(sum(l.dispatched - l.received - l.returned - l.damaged), 0) INTO left_over FROM transfer_lines l WHERE l.transfer_id = tid;
  new_status := CASE WHEN left_over = 0 THEN 'received' ELSE 'partially_received' END;
  UPDATE transfers SET status = new_status, received_by = actor, received_at = now(), modified = now() WHERE id = tid;
  PERFORM transfer_event(tid, CASE WHEN lost > 0 THEN 'closed' ELSE 'received' END, new_status, actor, note,
    (SELECT jsonb_agg(jsonb_build_object('product_id', r.product_id, 'quantity', r.units, 'damaged', r.lost))
       FROM jsonb_to_recordset(receipt) AS r(product_id uuid, units int, lost int)));
  RETURN transfer_answer(tid);
END $$;

-- Cancel: a draft simply ends; a dispatched (or partly received) transfer returns what is still in transit to the
-- source as `in` rows, batches and expiry as they left.
CREATE OR REPLACE FUNCTION "transfer_cancel"(actor uuid, tid uuid, input jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  tr transfers; line transfer_lines; moved jsonb := '[]'::jsonb; open_units int;
BEGIN
  SELECT * INTO tr FROM transfers t WHERE t.id = tid FOR UPDATE;
  IF tr.id IS NULL THEN RETURN stock_refusal(404, 'Transfer not found'); END IF;
  IF tr.status NOT IN ('draft', 'dispatched', 'partially_received') THEN RETURN transfer_out_of_order(tr.status, 'cancelled'); END IF;
  IF tr.status <> 'draft' THEN
    INSERT INTO inventory (product_id, warehouse_id, unit_cost, tracks_expiry)
    SELECT l.product_id, tr.from_warehouse_id, l.unit_cost, p.tracks_expiry
      FROM transfer_lines l JOIN products p ON p.id = l.product_id
     WHERE l.transfer_id = tid AND l.dispatched - l.received - l.returned - l.damaged > 0 ORDER BY l.product_id
    ON CONFLICT (product_id, warehouse_id) DO NOTHING;
    PERFORM 1 FROM inventory i JOIN transfer_lines l ON l.product_id = i.product_id
     WHERE l.transfer_id = tid AND i.warehouse_id = tr.from_warehouse_id AND l.dispatched - l.received - l.returned - l.damaged > 0
     ORDER BY i.id FOR UPDATE OF i;
    FOR line IN SELECT * FROM transfer_lines l WHERE l.transfer_id = tid AND l.dispatched - l.received - l.returned - l.damaged > 0
                 ORDER BY l.position LOOP
      open_units := line.dispatched - line.received - line.returned - line.damaged;
      PERFORM transfer_put(actor, tr, line, tr.from_warehouse_id, open_units, 'returned', 0, NULL);
      moved := moved || jsonb_build_array(jsonb_build_object('product_id', line.product_id, 'quantity', open_units));
    END LOOP;
  END IF;
  UPDATE transfers SET status = 'cancelled', cancelled_by = actor, cancelled_at = now(), modified = now() WHERE id = tid;
  PERFORM transfer_event(tid, 'cancelled', 'cancelled', actor, nullif(btrim(coalesce(input->>'note', '')), ''),
    CASE WHEN jsonb_array_length(moved) > 0 THEN moved END);
  RETURN transfer_answer(tid);
END $$;

CREATE OR REPLACE FUNCTION "transfer_request"(kind text, actor uuid, route text, idempotency_key text, request_hash text, tid uuid, input jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE earlier jsonb := idempotency_claim(actor, route, idempotency_key, request_hash); outcome jsonb;
BEGIN
  -- The history trigger names whoever this request acts for (src/server/db/actor.ts).
  PERFORM set_config('app.actor_id', actor::text, true);
  IF earlier IS NOT NULL THEN RETURN earlier; END IF;
  outcome := CASE kind WHEN 'create' THEN transfer_create(actor, input)
                       WHEN 'update' THEN transfer_update(actor, tid, input)
                       WHEN 'dispatch' THEN transfer_dispatch(actor, tid)
                       WHEN 'receive' THEN transfer_receive(actor, tid, input)
                       WHEN 'cancel' THEN transfer_cancel(actor, tid, input) END;
  IF outcome IS NULL THEN RAISE EXCEPTION 'transfer_request: unknown kind %', kind; END IF;
  RETURN idempotency_settle(actor, idempotency_key, outcome);
END $$;
