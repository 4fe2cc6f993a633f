-- Every server instance keeps recently checked sessions in memory; any change to the sessions table
-- (a logout, a password change, a deleted company, an expiry set by hand) tells them all to forget.
CREATE FUNCTION "sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed"();
