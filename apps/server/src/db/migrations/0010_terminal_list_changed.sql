-- Every server instance keeps the first pages of the user lists in memory (modules/terminal/pages.ts);
-- any statement that may change a terminal's row of the list (any change to terminals, a company's
-- rename), from any instance, tells them all to forget at its commit.
CREATE FUNCTION "terminal_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('terminal_list_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "terminal_list_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "terminals"
  FOR EACH STATEMENT EXECUTE FUNCTION "terminal_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "terminal_list_changed" AFTER UPDATE OF "name" ON "orgs"
  FOR EACH STATEMENT EXECUTE FUNCTION "terminal_list_changed"();
