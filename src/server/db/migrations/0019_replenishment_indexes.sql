-- Replenishment (issue 31) sums each product's outflow of one warehouse over the last 28 days: sales and other units
-- out ('out' and 'damaged' rows), but not a transfer's 'out' rows (stock moved, not used) nor a return to a seller. The
-- rows it reads, in (warehouse, created) order, carrying product and quantity: an index-only scan of the window.
-- drizzle's index builder has no INCLUDE, so schema.ts declares the plain partial index and this file the real one.
CREATE INDEX "stock_movements_outflow_idx" ON "stock_movements" USING btree ("warehouse_id","created") INCLUDE ("product_id","quantity") WHERE movement_type in ('out', 'damaged') and coalesce(reference_type, '') not in ('transfer', 'purchase_order');
