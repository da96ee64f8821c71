-- Small helpers every stock function uses: ids, refusals, the business day, JSON of a ledger row, and the
-- Idempotency-Key record shared by stock requests, transfers and documents.

-- A text that is a uuid, as a uuid; anything else NULL (so a malformed id reads as 'not found', never as an error).
CREATE OR REPLACE FUNCTION "stock_uuid"(value text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN value::uuid END
$$;

CREATE OR REPLACE FUNCTION "stock_refusal"(status int, message text, field text DEFAULT NULL) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('status', status, 'body', jsonb_build_object('message', message) ||
    CASE WHEN field IS NULL THEN '{}'::jsonb
         ELSE jsonb_build_object('errors', jsonb_build_array(jsonb_build_object('field', field, 'message', message))) END)
$$;

-- The business day: India time.
CREATE OR REPLACE FUNCTION "stock_today"() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE 'Asia/Kolkata')::date
$$;

-- A movement's value must fit numeric(12,2).
CREATE OR REPLACE FUNCTION "stock_value_too_large"(quantity bigint, unit_cost numeric) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT round(abs(quantity) * coalesce(unit_cost, 0), 2) >= 10000000000
$$;

CREATE OR REPLACE FUNCTION "stock_movement_json"(m stock_movements) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT (to_jsonb(m) - 'id') || jsonb_build_object('_id', m.id)
$$;

-- At most once per (user, Idempotency-Key), as stock_request: the key row first (a concurrent request with the same key
-- waits on it), then either NULL (go ahead, and idempotency_settle the outcome) or the answer to give instead: the
-- stored one replayed, a 422 for another body, a 409 while the first is still running.
CREATE OR REPLACE FUNCTION "idempotency_claim"(actor uuid, route text, idempotency_key text, request_hash text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE first idempotency_keys;
BEGIN
  IF idempotency_key IS NULL THEN RETURN NULL; END IF;
  INSERT INTO idempotency_keys (key, user_id, route, request_hash) VALUES (idempotency_key, actor, route, request_hash)
  ON CONFLICT DO NOTHING;
  IF FOUND THEN RETURN NULL; END IF;
  SELECT * INTO first FROM idempotency_keys k WHERE k.user_id = actor AND k.key = idempotency_key;
  IF first.key IS NOT NULL AND first.request_hash <> request_hash THEN
    RETURN stock_refusal(422, 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
  END IF;
  IF first.key IS NULL OR first.status_code IS NULL THEN
    RETURN stock_refusal(409, 'A request with this Idempotency-Key is being processed. Please retry.');
  END IF;
  RETURN jsonb_build_object('status', first.status_code, 'body', first.response, 'replayed', true);
END $$;

CREATE OR REPLACE FUNCTION "idempotency_settle"(actor uuid, idempotency_key text, outcome jsonb) RETURNS jsonb LANGUAGE sql AS $$
  UPDATE idempotency_keys k SET status_code = (outcome->>'status')::int, response = outcome->'body'
   WHERE idempotency_key IS NOT NULL AND k.user_id = actor AND k.key = idempotency_key;
  SELECT outcome
$$;
