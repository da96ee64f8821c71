CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"expected_on" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"notes" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" numeric(12, 2),
	"received_quantity" integer DEFAULT 0 NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	"gst_rate" numeric(10, 2) DEFAULT 0 NOT NULL,
	"hsn_code" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "lead_time_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "order_multiple" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "preferred_seller_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders_lines" ADD CONSTRAINT "purchase_orders_lines_parent_id_purchase_orders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders_lines" ADD CONSTRAINT "purchase_orders_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_unique" ON "purchase_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_orders_seller_id_idx" ON "purchase_orders" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_warehouse_id_idx" ON "purchase_orders" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_lines_parent_idx" ON "purchase_orders_lines" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "purchase_orders_lines_product_id_idx" ON "purchase_orders_lines" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_preferred_seller_id_users_id_fk" FOREIGN KEY ("preferred_seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_preferred_seller_idx" ON "inventory" USING btree ("preferred_seller_id");--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_lead_time_days" CHECK ("inventory"."lead_time_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_order_multiple" CHECK ("inventory"."order_multiple" between 1 and 100000);--> statement-breakpoint
-- What the declaration cannot say: a line's received and returned quantities stay within what was ordered and received,
-- every line has its unit cost (the service gives the last purchase cost where none was typed), a status is one of the
-- workflow's. Open orders per warehouse are what replenishment counts as on order.
ALTER TABLE "purchase_orders_lines" ADD CONSTRAINT "purchase_orders_lines_quantities" CHECK (
  "quantity" > 0 AND "received_quantity" BETWEEN 0 AND "quantity" AND "returned_quantity" BETWEEN 0 AND "received_quantity"
  AND "unit_cost" IS NOT NULL AND "unit_cost" > 0);--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_status" CHECK (
  "status" IN ('draft', 'ordered', 'partially_received', 'received', 'closed', 'cancelled'));--> statement-breakpoint
CREATE INDEX "purchase_orders_open_idx" ON "purchase_orders" USING btree ("warehouse_id") WHERE "status" IN ('ordered', 'partially_received');--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("created");
