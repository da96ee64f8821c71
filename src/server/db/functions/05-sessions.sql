-- Session changes announced to every API process (LISTEN/NOTIFY).

-- Every API process caches who may use an access token; this tells them all at once when a user's role,
-- status or session version changes, or the user is deleted (delivered at commit).
CREATE OR REPLACE FUNCTION "users_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_sessions', OLD."id"::text);
  RETURN NULL;
END $$;
