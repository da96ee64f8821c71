-- Product search and autocomplete match substrings (ILIKE '%q%'): trigram GIN indexes keep them fast
-- on a catalogue of 100k+ products instead of scanning every row (see bench/product-catalogue.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_productname_trgm" ON "products" USING gin ("productname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_product_hindi_trgm" ON "products" USING gin ("product_hindi" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_product_keyword_trgm" ON "products" USING gin ("product_keyword" gin_trgm_ops);
