ALTER TABLE "stock_daily_totals" ADD COLUMN "purchase_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_daily_totals" ADD COLUMN "purchase_quantity" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_daily_totals" ADD COLUMN "purchase_value" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_daily_totals" ADD COLUMN "sale_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_daily_totals" ADD COLUMN "sale_quantity" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_daily_totals" ADD COLUMN "sale_value" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Issue 33: each day's purchases and sales from the ledger as it stands (the rule of functions/10-ledger.sql, stock_flow).
UPDATE "stock_daily_totals" d SET "purchase_count" = l.purchase_count, "purchase_quantity" = l.purchase_quantity,
       "purchase_value" = l.purchase_value, "sale_count" = l.sale_count, "sale_quantity" = l.sale_quantity, "sale_value" = l.sale_value
  FROM (SELECT day, warehouse_id, movement_type,
               count(*) FILTER (WHERE flow = 'purchase') AS purchase_count,
               coalesce(sum(quantity) FILTER (WHERE flow = 'purchase'), 0) AS purchase_quantity,
               coalesce(sum(sign(quantity) * total_value) FILTER (WHERE flow = 'purchase'), 0) AS purchase_value,
               count(*) FILTER (WHERE flow = 'sale') AS sale_count,
               coalesce(-sum(quantity) FILTER (WHERE flow = 'sale'), 0) AS sale_quantity,
               coalesce(sum(total_value) FILTER (WHERE flow = 'sale'), 0) AS sale_value
          FROM (SELECT (created AT TIME ZONE 'Asia/Kolkata')::date AS day, warehouse_id, movement_type, quantity, total_value,
                       CASE WHEN (movement_type = 'in' AND movement_reason = 'purchase') OR (movement_type = 'out' AND reference_type = 'purchase_order') THEN 'purchase'
                            WHEN movement_type = 'out' AND reference_type IS DISTINCT FROM 'transfer' THEN 'sale' END AS flow
                  FROM stock_movements) m
         GROUP BY 1, 2, 3) l
 WHERE d.day = l.day AND d.warehouse_id = l.warehouse_id AND d.movement_type = l.movement_type;
