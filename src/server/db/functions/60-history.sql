-- The history of records (record_history) is append-only: its triggers (migration 0016) refuse any update, delete or
-- truncate, whoever runs it, the API's own database user included.
CREATE OR REPLACE FUNCTION "record_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The history is append-only: its entries cannot be changed or deleted' USING ERRCODE = 'BX032';
END $$;

-- Every create, update and delete of a record, written in the same transaction as the change (src/server/db/history-triggers.ts
-- attaches it to each resource's table): who (the transaction's actor, set by src/server/db/actor.ts), what, and for an
-- update each changed column with its old and new value. Its arguments: the resource, the column naming the record's
-- warehouse ('' if none), the columns that name the record to a person (space-separated, '' if none), then the columns never recorded (balances the ledger already holds, timestamps), a name
-- starting with '*' a secret: that it changed is recorded (its name without '_hash', both values null), never its value.
CREATE OR REPLACE FUNCTION "record_history_capture"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  resource text := TG_ARGV[0];
  warehouse_column text := nullif(TG_ARGV[1], '');
  label_columns text[] := string_to_array(nullif(TG_ARGV[2], ''), ' ');
  unrecorded text[] := ARRAY(SELECT ltrim(a, '*') FROM unnest(TG_ARGV[3:]) a);
  secrets text[] := ARRAY(SELECT ltrim(a, '*') FROM unnest(TG_ARGV[3:]) a WHERE a LIKE '*%');
  before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  record jsonb := coalesce(after, before);
  changed jsonb;
  label text;
  actor uuid := nullif(current_setting('app.actor_id', true), '')::uuid;
BEGIN
  -- A bulk step (Update All Inventory) writes one entry of its own instead of one per row (src/server/db/actor.ts).
  IF current_setting('app.history_quiet', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(a.key, jsonb_build_array(before -> a.key, a.value)) INTO changed
      FROM jsonb_each(after) a
     WHERE NOT a.key = ANY (unrecorded) AND (before -> a.key) IS DISTINCT FROM a.value;
    SELECT coalesce(changed, '{}') || coalesce(jsonb_object_agg(regexp_replace(s, '_hash$', ''), jsonb_build_array(null, null)), '{}') INTO changed
      FROM unnest(secrets) s WHERE (before -> s) IS DISTINCT FROM (after -> s);
    IF changed = '{}' THEN RETURN NULL; END IF;
  END IF;
  -- An inventory record is named by its product and warehouse (as its stock movements are: history-service.ts), which
  -- live in other tables; every other record by its own columns.
  IF TG_TABLE_NAME = 'inventory' THEN
    label := (SELECT p.productname || ' · ' || w.name FROM products p, warehouses w
               WHERE p.id = (record ->> 'product_id')::uuid AND w.id = (record ->> 'warehouse_id')::uuid);
  ELSE
    label := nullif(array_to_string(ARRAY(SELECT record ->> c FROM unnest(label_columns) c), ' '), '');
  END IF;
  INSERT INTO record_history (resource, record_id, record_label, action, changes, user_id, user_name, warehouse_id)
  VALUES (resource, record ->> 'id', label, CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END, changed,
          actor, (SELECT nullif(trim(u.firstname || ' ' || u.lastname), '') FROM users u WHERE u.id = actor),
          CASE WHEN warehouse_column IS NOT NULL THEN (record ->> warehouse_column)::uuid END);
  RETURN NULL;
END $$;
