ALTER TABLE "stock_take_lines" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_take_lines_sheet_idx" ON "stock_take_lines" USING btree ("stock_take_id","sort_name","product_id");--> statement-breakpoint
-- Issue 33: the lines written so far take their product's name as it is now.
UPDATE "stock_take_lines" l SET "sort_name" = lower(p.productname) FROM "products" p WHERE p.id = l.product_id;
