-- One trigram index per searched text instead of one per column: PostgreSQL's planner would not combine
-- the per-column indexes for "name OR hindi OR brand ILIKE '%q%'" and scanned the table instead.
-- The expressions must stay identical to productSearchText / productNameText in product-query.ts.
DROP INDEX IF EXISTS "products_productname_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "products_product_hindi_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "products_product_keyword_trgm";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_text_trgm" ON "products"
  USING gin (("productname" || ' ' || coalesce("product_hindi", '') || ' ' || "product_keyword") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_text_trgm" ON "products"
  USING gin (("productname" || ' ' || coalesce("product_hindi", '')) gin_trgm_ops);
