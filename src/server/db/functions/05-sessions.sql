-- Session changes announced to every API process (LISTEN/NOTIFY).

-- Every API process caches who may use an access token; this tells them all at once when a user's role,
-- status or session version changes, or the user is deleted (delivered at commit).
CREATE OR REPLACE FUNCTION "users_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_sessions', OLD."id"::text);
  RETURN NULL;
END $$;

-- The access policy (who may sign in, grants, scopes) changed: every process drops its cached copy (migration 0016).
CREATE OR REPLACE FUNCTION "access_policy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_policy', TG_TABLE_NAME);
  RETURN NULL;
END $$;

-- A login (refresh-token family) was revoked or its tokens deleted: its access tokens end on every process
-- (one notification per family and transaction: PostgreSQL folds identical ones).
CREATE OR REPLACE FUNCTION "refresh_family_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_families', OLD."family_id"::text);
  RETURN NULL;
END $$;
