ALTER TABLE "stock_daily_totals" ADD COLUMN "held_change" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 33: the count of balances holding stock, per business day and warehouse, from the ledger as it stands.
UPDATE "stock_daily_totals" d SET "held_change" = l.held_change
  FROM (SELECT (created AT TIME ZONE 'Asia/Kolkata')::date AS day, warehouse_id, movement_type,
               count(*) FILTER (WHERE stock_before = 0 AND stock_after > 0) - count(*) FILTER (WHERE stock_before > 0 AND stock_after = 0) AS held_change
          FROM stock_movements GROUP BY 1, 2, 3) l
 WHERE d.day = l.day AND d.warehouse_id = l.warehouse_id AND d.movement_type = l.movement_type AND l.held_change <> 0;
