ALTER TABLE "stock_takes" ADD COLUMN "lines_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD COLUMN "lines_counted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_take_lines_counted_idx" ON "stock_take_lines" USING btree ("stock_take_id","product_id") WHERE counted is not null;--> statement-breakpoint
-- Issue 33: the takes written so far count their lines once; from now on the lines' triggers keep the counts.
UPDATE "stock_takes" t SET "lines_total" = c.total, "lines_counted" = c.counted
  FROM (SELECT stock_take_id, count(*)::int AS total, count(counted)::int AS counted FROM "stock_take_lines" GROUP BY stock_take_id) c
 WHERE c.stock_take_id = t.id;
