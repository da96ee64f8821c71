-- Unused images are deleted when a product stops using them; "is this URL still used?" is a jsonb
-- containment test (main_image @> '["url"]', colors @> '[{"images":["url"]}]'), which these answer
-- without reading every product.
CREATE INDEX IF NOT EXISTS "products_main_image_refs" ON "products" USING gin ("main_image" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_colors_refs" ON "products" USING gin ("colors" jsonb_path_ops);
