-- Stock takes: a count applied as adjustments in one transaction.

-- Applies and starts of stock takes of one warehouse run one at a time (a transaction-scoped advisory lock), so the
-- check that no other take covers the same products (stock-take-service.ts) and the one below cannot race. Stock
-- requests do not take it: they lock balance rows, as before.
CREATE OR REPLACE FUNCTION "stock_take_lock_warehouse"(warehouse uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('stock-take:' || warehouse::text, 0))
$$;

-- A stock take's apply (ERPNext's Stock Reconciliation): one adjustment row per counted line whose count differs from
-- its expected stock at the start, posted as a delta on top of whatever moved since the start. A line of a product
-- that tracks expiry moves its batches too, so every batch keeps equalling its ledger rows, and is still one adjustment
-- row; the batches it moved are its stock_movement_batches rows, and its batch_no names the batch when there was only
-- one. A shortfall leaves the batches earliest expiry first, expired ones included (what is missing from the shelf is
-- most likely what should have gone first); a surplus joins the undated batch 'OPENING' (a count cannot tell its
-- expiry: Adjust Stock can move it to a dated batch). Values: a shortfall leaves at the average cost, a surplus enters
-- at it (an empty record: stock_entry_cost). Balances are locked in id order, the order write-off-expired, transfers
-- and the tracking switch use. Refused, writing nothing: a product another stock take changed since this one started
-- (its count is of stock that has changed since), a stock that would go below 0 or above the cap. Applying again
-- replays the first answer.
CREATE OR REPLACE FUNCTION "stock_take_apply"(take_id uuid, actor uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  take stock_takes; short record; line record; balance inventory; changes int; applied int; tracked int := 0; answer jsonb;
  split jsonb; moved uuid; v_change numeric;
BEGIN
  -- The history trigger names whoever this request acts for (src/server/db/actor.ts).
  PERFORM set_config('app.actor_id', actor::text, true);
  SELECT * INTO take FROM stock_takes t WHERE t.id = take_id FOR UPDATE;
  IF take.id IS NULL THEN RETURN stock_refusal(404, 'Stock take not found'); END IF;
  IF take.status = 'applied' THEN RETURN jsonb_build_object('status', 200, 'body', take.apply_result, 'replayed', true); END IF;
  IF take.status = 'cancelled' THEN RETURN stock_refusal(409, 'This stock take was cancelled: it cannot be applied'); END IF;
  PERFORM stock_take_lock_warehouse(take.warehouse_id);

  -- Under the warehouse's lock, start and apply times are taken in the order the steps happened (clock_timestamp):
  -- another take applied after this one started moved stock this count did not see.
  SELECT p.productname, other.applied_at INTO short
    FROM stock_take_lines l
    JOIN products p ON p.id = l.product_id
    JOIN stock_take_lines ol ON ol.product_id = l.product_id AND ol.stock_take_id <> take_id
     AND ol.counted IS NOT NULL AND ol.counted <> ol.expected
    JOIN stock_takes other ON other.id = ol.stock_take_id AND other.warehouse_id = take.warehouse_id
     AND other.status = 'applied' AND other.applied_at > take.created
   WHERE l.stock_take_id = take_id AND l.counted IS NOT NULL
   ORDER BY p.productname LIMIT 1;
  IF FOUND THEN
    RETURN stock_refusal(409, format(
      '%s was corrected by another stock take applied on %s, after this one started: these counts no longer match the '
      || 'stock. Nothing was applied; cancel this stock take and count again.',
      short.productname, to_char(short.applied_at AT TIME ZONE 'Asia/Kolkata', 'DD Mon YYYY HH24:MI')));
  END IF;

  PERFORM 1 FROM inventory i JOIN stock_take_lines l ON l.product_id = i.product_id
   WHERE l.stock_take_id = take_id AND i.warehouse_id = take.warehouse_id AND l.counted IS NOT NULL AND l.counted <> l.expected
   ORDER BY i.id FOR UPDATE OF i;

  SELECT p.productname, coalesce(i.current_stock, 0) AS now, l.counted, l.expected INTO short
    FROM stock_take_lines l JOIN products p ON p.id = l.product_id
    LEFT JOIN inventory i ON i.product_id = l.product_id AND i.warehouse_id = take.warehouse_id
   WHERE l.stock_take_id = take_id AND l.counted IS NOT NULL AND l.counted <> l.expected
     AND coalesce(i.current_stock, 0)::bigint + l.counted - l.expected < 0
   ORDER BY p.productname LIMIT 1;
  IF FOUND THEN
    RETURN stock_refusal(409, format(
      '%s: counted %s against %s expected at the start, but only %s are in stock now (%s moved out since the start): '
      || 'the stock would go below 0. Nothing was applied; recount this product.',
      short.productname, short.counted, short.expected, short.now, short.expected - short.now));
  END IF;
  SELECT p.productname INTO short
    FROM stock_take_lines l JOIN products p ON p.id = l.product_id
    JOIN inventory i ON i.product_id = l.product_id AND i.warehouse_id = take.warehouse_id
   WHERE l.stock_take_id = take_id AND l.counted IS NOT NULL
     AND i.current_stock::bigint + l.counted - l.expected > 100000000
   ORDER BY p.productname LIMIT 1;
  IF FOUND THEN
    RETURN stock_refusal(409, format('%s: stock cannot exceed 100000000 units of one product in one warehouse', short.productname));
  END IF;

  -- Products counted on the shelf that had no balance row yet get an empty one (0 = their empty ledger).
  INSERT INTO inventory (product_id, warehouse_id)
  SELECT l.product_id, take.warehouse_id FROM stock_take_lines l
   WHERE l.stock_take_id = take_id AND l.counted IS NOT NULL AND l.counted > l.expected
   ORDER BY l.product_id
  ON CONFLICT (product_id, warehouse_id) DO NOTHING;

  SELECT count(*) INTO changes FROM stock_take_lines l JOIN products p ON p.id = l.product_id
   WHERE l.stock_take_id = take_id AND l.counted IS NOT NULL AND l.counted <> l.expected AND NOT p.tracks_expiry;

  WITH variance AS (
    SELECT i.id, l.product_id, l.counted - l.expected AS delta, i.current_stock, i.stock_value, i.unit_cost
      FROM stock_take_lines l JOIN products p ON p.id = l.product_id
      JOIN inventory i ON i.product_id = l.product_id AND i.warehouse_id = take.warehouse_id
     WHERE l.stock_take_id = take_id AND l.counted IS NOT NULL AND l.counted <> l.expected AND NOT p.tracks_expiry
  ), valued AS (
    SELECT v.*, CASE WHEN v.delta > 0 THEN stock_in_value(v.current_stock, v.stock_value, v.delta, NULL, v.product_id, v.unit_cost)
                     ELSE -stock_value_of(v.current_stock, v.stock_value, -v.delta) END AS change
      FROM variance v
  ), balance AS (
    UPDATE inventory i SET current_stock = i.current_stock + v.delta, stock_value = i.stock_value + v.change, modified = now()
      FROM valued v
     WHERE i.id = v.id AND i.current_stock + v.delta >= 0
    RETURNING i.product_id, i.current_stock, v.delta, v.change
  ), movement AS (
    INSERT INTO stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
    SELECT b.product_id, take.warehouse_id, 'adjustment', b.delta, b.current_stock - b.delta, b.current_stock,
           stock_row_cost(b.change, b.delta), abs(b.change), b.change, 'adjustment', take_id::text, 'stock_take', NULL, actor,
           'Stock take'
      FROM balance b ORDER BY b.product_id
    RETURNING 1
  )
  SELECT count(*) INTO applied FROM movement;
  IF applied <> changes THEN
    RAISE EXCEPTION 'stock_take_apply: % of % adjustments applied', applied, changes;
  END IF;

  FOR line IN
    SELECT l.product_id, l.counted - l.expected AS delta FROM stock_take_lines l JOIN products p ON p.id = l.product_id
     WHERE l.stock_take_id = take_id AND l.counted IS NOT NULL AND l.counted <> l.expected AND p.tracks_expiry
     ORDER BY l.product_id
  LOOP
    balance := stock_lock_tracked(line.product_id, take.warehouse_id, true);
    IF line.delta < 0 THEN
      SELECT jsonb_agg(jsonb_build_object('batch_no', t.batch_no, 'quantity', -t.quantity) ORDER BY t.n) INTO split
        FROM stock_fefo_take(line.product_id, take.warehouse_id, -line.delta, '-infinity')
        WITH ORDINALITY AS t(batch_no, expiry_date, mfg_date, quantity, n);
      v_change := -stock_value_of(balance.current_stock, balance.stock_value, -line.delta);
    ELSE
      PERFORM stock_batch_put(line.product_id, take.warehouse_id, 'OPENING', NULL, NULL, line.delta);
      split := jsonb_build_array(jsonb_build_object('batch_no', 'OPENING', 'quantity', line.delta));
      v_change := stock_in_value(balance.current_stock, balance.stock_value, line.delta, NULL, line.product_id, balance.unit_cost);
    END IF;
    IF coalesce((SELECT sum((e->>'quantity')::int) FROM jsonb_array_elements(split) e), 0) <> line.delta THEN
      RAISE EXCEPTION 'stock_take_apply: batches of % do not make up %', line.product_id, line.delta;
    END IF;
    INSERT INTO stock_movements AS m (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes, batch_no)
    VALUES (line.product_id, take.warehouse_id, 'adjustment', line.delta, balance.current_stock,
      balance.current_stock + line.delta, stock_row_cost(v_change, line.delta), abs(v_change), v_change, 'adjustment',
      take_id::text, 'stock_take', NULL, actor, 'Stock take',
      CASE WHEN jsonb_array_length(split) = 1 THEN split->0->>'batch_no' END)
    RETURNING m.id INTO moved;
    INSERT INTO stock_movement_batches (movement_id, batch_no, quantity)
    SELECT moved, e->>'batch_no', (e->>'quantity')::int FROM jsonb_array_elements(split) e;
    UPDATE inventory SET current_stock = current_stock + line.delta, stock_value = stock_value + v_change, modified = now()
     WHERE id = balance.id;
    tracked := tracked + 1;
  END LOOP;

  answer := jsonb_build_object('message', format('Stock take applied: %s adjustment(s) posted', changes + tracked),
    'stock_take_id', take_id, 'adjustments', changes + tracked);
  UPDATE stock_takes SET status = 'applied', applied_by = actor, applied_at = clock_timestamp(), apply_result = answer, modified = now()
   WHERE id = take_id;
  RETURN jsonb_build_object('status', 200, 'body', answer);
END $$;

-- A counted line's variance value: (counted − expected) at its balance's average cost as the count is saved (the unit
-- cost of an empty balance; 0 without one), to the paisa; null while uncounted. Written with the count, so a review
-- sums a column (a million-line take probed its 33k varied lines' balances on every page) and a counted line keeps
-- the value it was reviewed at. Apply posts at the average cost of its own instant.
CREATE OR REPLACE FUNCTION "stock_take_line_value"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.variance_value := CASE WHEN NEW.counted IS NULL THEN NULL WHEN NEW.counted = NEW.expected THEN 0 ELSE coalesce((
    SELECT round((NEW.counted - NEW.expected) * coalesce(i.stock_value / nullif(i.current_stock, 0), i.unit_cost, 0), 2)
      FROM stock_takes t JOIN inventory i ON i.warehouse_id = t.warehouse_id AND i.product_id = NEW.product_id
     WHERE t.id = NEW.stock_take_id), 0) END;
  RETURN NEW;
END $$;

-- A take's start writes its lines uncounted: the trigger runs for a count, whoever writes it. Per line (a plpgsql call
-- and a balance probe): 'count uncounted as zero' over a whole warehouse of 100k lines takes 4.1–4.8 s on PGlite
-- instead of 2.4–2.5 (the same statement writing the value itself, set-based: 3.6–4.2 s).
CREATE OR REPLACE TRIGGER "stock_take_line_value_insert" BEFORE INSERT ON "stock_take_lines"
  FOR EACH ROW WHEN (NEW.counted IS NOT NULL) EXECUTE FUNCTION stock_take_line_value();
CREATE OR REPLACE TRIGGER "stock_take_line_value_update" BEFORE UPDATE OF counted, expected, variance_value ON "stock_take_lines"
  FOR EACH ROW EXECUTE FUNCTION stock_take_line_value();

-- A stock take's line counts and variance totals follow its lines in the same statement (a statement trigger sees every row a statement
-- wrote at once: a take of a million lines costs one update of its header), so its review and the list read two
-- columns instead of counting the lines on every page.
CREATE OR REPLACE FUNCTION "stock_take_line_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE stock_takes t SET lines_total = t.lines_total - o.total, lines_counted = t.lines_counted - o.counted,
           lines_varied = t.lines_varied - o.varied, variance_quantity = t.variance_quantity - o.quantity,
           variance_value = t.variance_value - o.value
      FROM (SELECT stock_take_id, count(*)::int AS total, count(counted)::int AS counted,
                   count(*) FILTER (WHERE counted <> expected)::int AS varied, coalesce(sum(counted - expected), 0) AS quantity,
                   coalesce(sum(variance_value), 0) AS value
              FROM old_lines GROUP BY 1) o
     WHERE t.id = o.stock_take_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE stock_takes t SET lines_total = t.lines_total + n.total, lines_counted = t.lines_counted + n.counted,
           lines_varied = t.lines_varied + n.varied, variance_quantity = t.variance_quantity + n.quantity,
           variance_value = t.variance_value + n.value
      FROM (SELECT stock_take_id, count(*)::int AS total, count(counted)::int AS counted,
                   count(*) FILTER (WHERE counted <> expected)::int AS varied, coalesce(sum(counted - expected), 0) AS quantity,
                   coalesce(sum(variance_value), 0) AS value
              FROM new_lines GROUP BY 1) n
     WHERE t.id = n.stock_take_id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "stock_take_line_counts_insert" AFTER INSERT ON "stock_take_lines"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION stock_take_line_counts_apply();
CREATE OR REPLACE TRIGGER "stock_take_line_counts_update" AFTER UPDATE ON "stock_take_lines"
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION stock_take_line_counts_apply();
CREATE OR REPLACE TRIGGER "stock_take_line_counts_delete" AFTER DELETE ON "stock_take_lines"
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION stock_take_line_counts_apply();
