CREATE TABLE "policy_seen_actions" (
	"resource" text NOT NULL,
	"action" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_seen_actions_pk" ON "policy_seen_actions" USING btree ("resource","action");--> statement-breakpoint
-- A database made before this table existed has seen what its admin rows hold: admin always keeps every
-- action, and every seeding and save writes them all. An empty (fresh) database is filled at first start.
INSERT INTO "policy_seen_actions" ("resource", "action")
  SELECT DISTINCT "resource", "action" FROM "role_permissions" WHERE "role" = 'admin';--> statement-breakpoint
-- Every API process caches who may use an access token; this tells them all at once when a user's role,
-- status or session version changes, or the user is deleted (delivered at commit).
CREATE FUNCTION "users_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_sessions', OLD."id"::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_session_changed" AFTER UPDATE OF "role", "status", "session_version" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_session_changed"();
