CREATE TABLE "document_numbers" (
	"resource" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_numbers_pk" PRIMARY KEY("resource","year")
);
--> statement-breakpoint
CREATE TABLE "record_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"warehouse_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("resource","record_id","id");--> statement-breakpoint
CREATE INDEX "record_history_created_idx" ON "record_history" USING btree ("created");--> statement-breakpoint
-- Append-only: no statement of any role may change or remove an entry (its current definition lives in
-- src/server/db/functions/60-history.sql).
CREATE OR REPLACE FUNCTION "record_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The history is append-only: its entries cannot be changed or deleted' USING ERRCODE = 'BX032';
END $$;--> statement-breakpoint
CREATE TRIGGER "record_history_append_only" BEFORE UPDATE OR DELETE ON "record_history"
  FOR EACH ROW EXECUTE FUNCTION record_history_append_only();--> statement-breakpoint
CREATE TRIGGER "record_history_no_truncate" BEFORE TRUNCATE ON "record_history"
  FOR EACH STATEMENT EXECUTE FUNCTION record_history_append_only();
