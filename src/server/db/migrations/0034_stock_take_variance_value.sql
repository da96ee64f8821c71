ALTER TABLE "stock_take_lines" ADD COLUMN "variance_value" numeric(16,2);--> statement-breakpoint
ALTER TABLE "stock_takes" ADD COLUMN "variance_value" numeric(16,2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 33: the lines counted so far are valued once, at their balance's average cost now (what their review showed);
-- from now on each count is valued as it is saved (functions/40-stock-takes.sql) and the header keeps the sum. The
-- release before's triggers are still in place while migrations run: the lines' count trigger would rewrite every
-- header (its totals unchanged) and the history trigger record that, variance totals included. Nothing changes that
-- anyone did, so nothing is recorded (src/server/db/actor.ts's quiet setting, to the end of this transaction).
SELECT set_config('app.history_quiet', 'on', true);--> statement-breakpoint
UPDATE "stock_take_lines" l SET "variance_value" = CASE WHEN l.counted = l.expected THEN 0 ELSE coalesce((
    SELECT round((l.counted - l.expected) * coalesce(i.stock_value / nullif(i.current_stock, 0), i.unit_cost, 0), 2)
      FROM "stock_takes" t JOIN "inventory" i ON i.warehouse_id = t.warehouse_id AND i.product_id = l.product_id
     WHERE t.id = l.stock_take_id), 0) END
 WHERE l.counted IS NOT NULL;--> statement-breakpoint
UPDATE "stock_takes" t SET "variance_value" = c.value
  FROM (SELECT stock_take_id, sum(variance_value) AS value FROM "stock_take_lines" WHERE varied GROUP BY stock_take_id) c
 WHERE c.stock_take_id = t.id;--> statement-breakpoint
SELECT set_config('app.history_quiet', 'off', true);
