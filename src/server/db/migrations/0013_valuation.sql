-- Stock valuation (issue 28): every ledger row carries its signed value, every balance its stock value (the sum of its
-- rows' values), every transfer line what its units were worth when they left. Moving-average cost from here on
-- (src/server/db/functions). Existing data: each row's value is the value it recorded, signed like its quantity, and
-- each record gets one opening `valuation` row (quantity 0) bringing its ledger's value to what it holds today,
-- current stock × current unit cost, so today's totals do not jump.
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_type";--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "stock_value" numeric(16,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "value_change" numeric(16,2);--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD COLUMN "dispatched_value" numeric(16,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_lines" ADD COLUMN "settled_value" numeric(16,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The daily totals already hold these values (value_in: rows adding stock, value_out: rows taking it): the rewrite of
-- every row must not run their trigger.
ALTER TABLE "stock_movements" DISABLE TRIGGER "stock_movements_daily_update";--> statement-breakpoint
UPDATE "stock_movements" SET "value_change" = sign("quantity") * "total_value";--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE TRIGGER "stock_movements_daily_update";--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "value_change" SET NOT NULL;--> statement-breakpoint
UPDATE "inventory" SET "stock_value" = round("current_stock" * "unit_cost", 2) WHERE "current_stock" > 0;--> statement-breakpoint
-- One opening valuation row per record whose ledger's value differs from its stock value, and its daily total (the
-- trigger of that day's totals is the new definition's job; here it is written once, for the rows just added).
ALTER TABLE "stock_movements" DISABLE TRIGGER "stock_movements_daily_insert";--> statement-breakpoint
WITH ledger AS (
  SELECT product_id, warehouse_id, sum("value_change") AS v FROM "stock_movements" GROUP BY 1, 2
), opening AS (
  INSERT INTO "stock_movements" (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
    total_value, "value_change", movement_reason, reference_type, notes)
  SELECT i.product_id, i.warehouse_id, 'valuation', 0, i.current_stock, i.current_stock, i.unit_cost,
         abs(i.stock_value - coalesce(l.v, 0)), i.stock_value - coalesce(l.v, 0), 'opening', 'manual',
         'Opening valuation: the stock held when stock values began, at its unit cost then'
    FROM "inventory" i LEFT JOIN ledger l ON l.product_id = i.product_id AND l.warehouse_id = i.warehouse_id
   WHERE i.stock_value <> coalesce(l.v, 0)
   ORDER BY i.product_id, i.warehouse_id
  RETURNING created, warehouse_id, "value_change"
)
INSERT INTO "stock_daily_totals" AS d (day, warehouse_id, movement_type, movement_count, quantity, value_in, value_out)
SELECT (created AT TIME ZONE 'Asia/Kolkata')::date, warehouse_id, 'valuation', count(*), 0,
       coalesce(sum("value_change") FILTER (WHERE "value_change" > 0), 0), coalesce(-sum("value_change") FILTER (WHERE "value_change" < 0), 0)
  FROM opening GROUP BY 1, 2
ON CONFLICT (day, warehouse_id, movement_type) DO UPDATE SET
  movement_count = d.movement_count + excluded.movement_count,
  value_in = d.value_in + excluded.value_in, value_out = d.value_out + excluded.value_out;--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE TRIGGER "stock_movements_daily_insert";--> statement-breakpoint
-- Transfers under way keep the value they left with.
UPDATE "transfer_lines" SET "dispatched_value" = round("dispatched" * "unit_cost", 2),
       "settled_value" = round(("received" + "returned" + "damaged") * "unit_cost", 2)
 WHERE "dispatched" > 0;--> statement-breakpoint
CREATE INDEX "stock_movements_purchase_idx" ON "stock_movements" USING btree ("product_id","seq") WHERE movement_reason = 'purchase';--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_stock_value" CHECK ("inventory"."stock_value" >= 0 and ("inventory"."current_stock" > 0 or "inventory"."stock_value" = 0));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_valuation" CHECK (("stock_movements"."movement_type" = 'valuation') = ("stock_movements"."quantity" = 0));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_type" CHECK ("stock_movements"."movement_type" in ('in','out','adjustment','return','damaged','valuation'));
--> statement-breakpoint
-- unit_cost shows the average, stock_value / current_stock, whoever changes either (its current definition lives in
-- src/server/db/functions/10-ledger.sql).
CREATE OR REPLACE FUNCTION "inventory_average_cost"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.current_stock > 0 THEN NEW.unit_cost := round(NEW.stock_value / NEW.current_stock, 2); END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "inventory_average_cost" BEFORE INSERT OR UPDATE OF "current_stock", "stock_value" ON "inventory"
  FOR EACH ROW EXECUTE FUNCTION inventory_average_cost();
