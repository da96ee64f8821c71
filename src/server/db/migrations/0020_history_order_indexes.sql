-- Issue 32: the newest entries of the history and of the ledger in order, ties (one bulk transaction) included, straight from
-- an index: a page of the Activity screen reads its 20 rows, not a sort of every row written in that transaction.
DROP INDEX "record_history_created_idx";--> statement-breakpoint
DROP INDEX "stock_movements_created_idx";--> statement-breakpoint
CREATE INDEX "record_history_created_idx" ON "record_history" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created","seq");