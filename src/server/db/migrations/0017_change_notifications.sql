-- Every API process caches the access policy and which logins (refresh-token families) are still open; these
-- triggers tell them all at once, at commit, when either changes (LISTEN/NOTIFY). The functions' current
-- definitions live in functions/05-sessions.sql.
CREATE OR REPLACE FUNCTION "access_policy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_policy', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "role_settings_policy_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_policy_changed"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_policy_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_policy_changed"();--> statement-breakpoint
CREATE TRIGGER "role_scopes_policy_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_scopes"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_policy_changed"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_family_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_families', OLD."family_id"::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "refresh_family_revoked" AFTER UPDATE OF "revoked_at" ON "refresh_tokens"
  FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "refresh_family_changed"();--> statement-breakpoint
CREATE TRIGGER "refresh_family_deleted" AFTER DELETE ON "refresh_tokens"
  FOR EACH ROW EXECUTE FUNCTION "refresh_family_changed"();
