CREATE TABLE "live_ledger_cursor" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"seq" bigint NOT NULL,
	"holes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "live_ledger_cursor_one_row" CHECK ("live_ledger_cursor"."id" = 1)
);
--> statement-breakpoint
-- Issue 32: live screens are told of the ledger's rows from here on; those written before need no announcing.
INSERT INTO "live_ledger_cursor" ("id", "seq") SELECT 1, coalesce(max("seq"), 0) FROM "stock_movements";
