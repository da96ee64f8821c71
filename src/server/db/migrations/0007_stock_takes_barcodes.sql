CREATE TABLE "stock_take_lines" (
	"stock_take_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"expected" integer NOT NULL,
	"counted" integer,
	"counted_by" uuid,
	"counted_at" timestamp with time zone,
	CONSTRAINT "stock_take_lines_pk" PRIMARY KEY("stock_take_id","product_id"),
	CONSTRAINT "stock_take_lines_nonneg" CHECK ("stock_take_lines"."expected" >= 0 and ("stock_take_lines"."counted" is null or "stock_take_lines"."counted" >= 0))
);
--> statement-breakpoint
CREATE TABLE "stock_takes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"category_id" uuid,
	"blind" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" uuid,
	"applied_by" uuid,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"apply_result" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_takes_status" CHECK ("stock_takes"."status" in ('open','applied','cancelled'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_stock_take_id_stock_takes_id_fk" FOREIGN KEY ("stock_take_id") REFERENCES "public"."stock_takes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD CONSTRAINT "stock_take_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD CONSTRAINT "stock_takes_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_takes_created_idx" ON "stock_takes" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "stock_takes_warehouse_idx" ON "stock_takes" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_lower_unique" ON "products" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_barcode_unique" ON "products" USING btree ("barcode");--> statement-breakpoint
-- A stock take's apply in ONE transaction (issue 19): one adjustment per line whose count differs from its expected
-- stock at the start, posted as a delta on top of whatever moved since the start (ERPNext's stock reconciliation).
-- The balances are locked in product order first, so the check below is exact and concurrent stock requests (one row
-- each) and other applies cannot deadlock with it; then one guarded UPDATE feeds one ledger INSERT, whose statement
-- trigger keeps stock_daily_totals. Applying again replays the first answer; a refusal writes nothing.
CREATE FUNCTION "stock_take_apply"(take_id uuid, actor uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  take stock_takes; short record; changes int; applied int; answer jsonb;
BEGIN
  SELECT * INTO take FROM stock_takes t WHERE t.id = take_id FOR UPDATE;
  IF take.id IS NULL THEN RETURN stock_refusal(404, 'Stock take not found'); END IF;
  IF take.status = 'applied' THEN RETURN jsonb_build_object('status', 200, 'body', take.apply_result, 'replayed', true); END IF;
  IF take.status = 'cancelled' THEN RETURN stock_refusal(409, 'This stock take was cancelled: it cannot be applied'); END IF;

  PERFORM 1 FROM inventory i JOIN stock_take_lines l ON l.product_id = i.product_id
   WHERE l.stock_take_id = take_id AND i.warehouse_id = take.warehouse_id AND l.counted IS NOT NULL AND l.counted <> l.expected
   ORDER BY i.product_id FOR UPDATE OF i;

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

  SELECT count(*) INTO changes FROM stock_take_lines l
   WHERE l.stock_take_id = take_id AND l.counted IS NOT NULL AND l.counted <> l.expected;

  WITH variance AS (
    SELECT l.product_id, l.counted - l.expected AS delta FROM stock_take_lines l
     WHERE l.stock_take_id = take_id AND l.counted IS NOT NULL AND l.counted <> l.expected
  ), balance AS (
    UPDATE inventory i SET current_stock = i.current_stock + v.delta, modified = now()
      FROM variance v
     WHERE i.product_id = v.product_id AND i.warehouse_id = take.warehouse_id AND i.current_stock + v.delta >= 0
    RETURNING i.product_id, i.current_stock, i.unit_cost, v.delta
  ), movement AS (
    INSERT INTO stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, movement_reason, reference_id, reference_type, seller_id, performed_by, notes)
    SELECT b.product_id, take.warehouse_id, 'adjustment', b.delta, b.current_stock - b.delta, b.current_stock, b.unit_cost,
           round(abs(b.delta) * b.unit_cost, 2), 'adjustment', take_id::text, 'stock_take', NULL, actor, 'Stock take'
      FROM balance b ORDER BY b.product_id
    RETURNING 1
  )
  SELECT count(*) INTO applied FROM movement;
  IF applied <> changes THEN
    RAISE EXCEPTION 'stock_take_apply: % of % adjustments applied', applied, changes;
  END IF;

  answer := jsonb_build_object('message', format('Stock take applied: %s adjustment(s) posted', applied),
    'stock_take_id', take_id, 'adjustments', applied);
  UPDATE stock_takes SET status = 'applied', applied_by = actor, applied_at = now(), apply_result = answer, modified = now()
   WHERE id = take_id;
  RETURN jsonb_build_object('status', 200, 'body', answer);
END $$;
