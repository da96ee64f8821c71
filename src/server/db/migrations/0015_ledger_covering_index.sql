-- The (product, warehouse, created) index also carries each row's quantity and value: the stock valuation as of a day
-- aggregates the ledger per product and warehouse from the index alone, in its order (no sort, no hash of every
-- balance). drizzle's index builder has no INCLUDE, so schema.ts declares the plain index and this file the real one.
DROP INDEX "stock_movements_pw_idx";--> statement-breakpoint
CREATE INDEX "stock_movements_pw_idx" ON "stock_movements" USING btree ("product_id","warehouse_id","created") INCLUDE ("quantity","value_change");
