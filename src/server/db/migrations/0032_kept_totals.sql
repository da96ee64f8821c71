CREATE TABLE "expiry_dirty" (
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	CONSTRAINT "expiry_dirty_pk" PRIMARY KEY("product_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "expiry_record_totals" (
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"expiry_date" date NOT NULL,
	"batches" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"stock_value" numeric NOT NULL,
	CONSTRAINT "expiry_record_totals_pk" PRIMARY KEY("product_id","warehouse_id","expiry_date")
);
--> statement-breakpoint
CREATE TABLE "expiry_totals" (
	"warehouse_id" uuid NOT NULL,
	"expiry_date" date NOT NULL,
	"batches" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"stock_value" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "expiry_totals_pk" PRIMARY KEY("warehouse_id","expiry_date")
);
--> statement-breakpoint
CREATE TABLE "stock_totals" (
	"warehouse_id" uuid PRIMARY KEY NOT NULL,
	"records" bigint DEFAULT 0 NOT NULL,
	"low_stock" bigint DEFAULT 0 NOT NULL,
	"out_of_stock" bigint DEFAULT 0 NOT NULL,
	"stock_value" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_totals_pending" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_totals_pending_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"warehouse_id" uuid NOT NULL,
	"records" integer NOT NULL,
	"low_stock" integer NOT NULL,
	"out_of_stock" integer NOT NULL,
	"stock_value" numeric NOT NULL
);
--> statement-breakpoint
DROP INDEX "stock_take_lines_counted_idx";--> statement-breakpoint
ALTER TABLE "stock_take_lines" ADD COLUMN "varied" boolean GENERATED ALWAYS AS (counted <> expected) STORED;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD COLUMN "lines_varied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_takes" ADD COLUMN "variance_quantity" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_take_lines_variance_idx" ON "stock_take_lines" USING btree ("stock_take_id","product_id") WHERE varied;--> statement-breakpoint
-- Issue 33: the takes written so far total their variances once; from now on the lines' triggers keep them. The stock
-- and expiry totals are filled from every record and batch by functions/46-stock-totals.sql and 47-expiry-totals.sql,
-- applied after the migrations.
UPDATE "stock_takes" t SET "lines_varied" = c.varied, "variance_quantity" = c.quantity
  FROM (SELECT stock_take_id, count(*)::int AS varied, sum(counted - expected) AS quantity
          FROM "stock_take_lines" WHERE varied GROUP BY stock_take_id) c
 WHERE c.stock_take_id = t.id;
