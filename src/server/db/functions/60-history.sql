-- The history of records (record_history) is append-only: its triggers (migration 0016) refuse any update, delete or
-- truncate, whoever runs it, the API's own database user included.
CREATE OR REPLACE FUNCTION "record_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The history is append-only: its entries cannot be changed or deleted' USING ERRCODE = 'BX032';
END $$;
