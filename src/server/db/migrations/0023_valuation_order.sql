CREATE TABLE "stock_pairs" (
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	CONSTRAINT "stock_pairs_pk" PRIMARY KEY("product_id","warehouse_id")
);
--> statement-breakpoint
ALTER TABLE "stock_pairs" ADD CONSTRAINT "stock_pairs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_pairs" ADD CONSTRAINT "stock_pairs_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_pairs_name_order_idx" ON "stock_pairs" USING btree ("warehouse_id","category_id","product_name","product_id");--> statement-breakpoint
-- Issue 28: every record that exists, and every one the ledger names though its record was deleted since.
INSERT INTO "stock_pairs" ("product_id", "warehouse_id", "category_id", "product_name")
SELECT k.product_id, k.warehouse_id, p.category_id, p.productname
  FROM (SELECT product_id, warehouse_id FROM inventory UNION SELECT DISTINCT product_id, warehouse_id FROM stock_movements) k
  JOIN products p ON p.id = k.product_id;
