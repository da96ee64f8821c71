CREATE TABLE "reorder_dirty" (
	"inventory_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reorder_watch" (
	"inventory_id" uuid PRIMARY KEY NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"listed_until" timestamp with time zone NOT NULL,
	"recheck" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reorder_watch" ADD CONSTRAINT "reorder_watch_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reorder_watch_listed_idx" ON "reorder_watch" USING btree ("listed_until","warehouse_id");--> statement-breakpoint
-- Issue 33: a record's 28 days of outflow from the index alone (drizzle's index builder has no INCLUDE; see 0019). The
-- watch itself is filled from every record by functions/45-reorder-watch.sql, applied after the migrations.
CREATE INDEX "stock_movements_record_outflow_idx" ON "stock_movements" USING btree ("product_id","warehouse_id","created") INCLUDE ("quantity") WHERE movement_type in ('out', 'damaged') and coalesce(reference_type, '') not in ('transfer', 'purchase_order');