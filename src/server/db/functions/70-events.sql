-- Live screens (issue 32): every committed change is announced on channel 'app_events' (src/server/live/event-hub.ts
-- listens on every API process). NOTIFY is transactional: listeners hear it at the commit, never for a rollback, and in
-- commit order. Every change writes history (record_history) or a ledger row (stock_movements), so announcing those two
-- announces every change: a history entry by this trigger (history-triggers.ts attaches it), the ledger's rows a few
-- times a second by src/server/live/ledger-announcer.ts (a NOTIFY in every stock write would serialise their commits).
-- A payload names what changed, never its values: {id, resource, action, record_id, warehouses, user_id, user_name, at}.

-- A transaction that writes thousands of entries (an import) announces its first 500 one by one, then a single
-- {"reset": true} (PostgreSQL delivers identical payloads of a transaction once): every screen reads itself again rather
-- than hear each change. An unbounded number of notifications would cost listeners dearly, and PGlite fails the whole
-- statement beyond about 100,000 of them.
CREATE OR REPLACE FUNCTION "app_event_of_history"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  warehouses uuid[] := ARRAY[NEW.warehouse_id];
  announced int := coalesce(nullif(current_setting('app.events_announced', true), ''), '0')::int + 1;
BEGIN
  PERFORM set_config('app.events_announced', announced::text, true);
  IF announced > 500 THEN
    PERFORM pg_notify('app_events', '{"reset":true}');
    RETURN NULL;
  END IF;
  -- A transfer belongs to both of its warehouses: the receiving warehouse's users see it too.
  IF NEW.resource = 'transfers' THEN
    SELECT ARRAY[t.from_warehouse_id, t.to_warehouse_id] INTO warehouses FROM transfers t WHERE t.id::text = NEW.record_id;
  END IF;
  PERFORM pg_notify('app_events', json_build_object(
    'id', 'h' || NEW.id, 'resource', NEW.resource, 'action', NEW.action, 'record_id', NEW.record_id,
    'warehouses', ARRAY(SELECT w FROM unnest(coalesce(warehouses, ARRAY[NEW.warehouse_id])) w WHERE w IS NOT NULL),
    'user_id', NEW.user_id, 'user_name', NEW.user_name, 'at', NEW.created)::text);
  RETURN NULL;
END $$;

-- The version of a record: its newest history entry's id (0 before it has any). It moves with every change a person
-- makes to the record (an update, a workflow step), and not with the stock the ledger moves.
CREATE OR REPLACE FUNCTION "record_version"(p_resource text, p_record_id text) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(max(h.id), 0) FROM record_history h WHERE h.resource = p_resource AND h.record_id = p_record_id
$$;
