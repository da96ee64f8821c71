CREATE TABLE "role_scopes" (
	"role" text NOT NULL,
	"resource" text NOT NULL,
	"scope" text NOT NULL,
	CONSTRAINT "role_scopes_pk" PRIMARY KEY("role","resource"),
	CONSTRAINT "role_scopes_scope" CHECK ("role_scopes"."scope" in ('all','assigned'))
);
--> statement-breakpoint
CREATE TABLE "user_warehouses" (
	"user_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	CONSTRAINT "user_warehouses_pk" PRIMARY KEY("user_id","warehouse_id")
);
--> statement-breakpoint
ALTER TABLE "inventory" ADD COLUMN "low_stock" boolean GENERATED ALWAYS AS (current_stock <= minimum_stock) STORED;--> statement-breakpoint
ALTER TABLE "role_settings" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_warehouses" ADD CONSTRAINT "user_warehouses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_warehouses" ADD CONSTRAINT "user_warehouses_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_warehouses_warehouse_idx" ON "user_warehouses" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "inventory_low_stock_idx" ON "inventory" USING btree ("warehouse_id") WHERE low_stock;