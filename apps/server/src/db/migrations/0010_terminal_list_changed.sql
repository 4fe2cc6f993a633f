-- Every server instance keeps the first pages of the user lists in memory (modules/terminal/pages.ts);
-- any change to the terminals' rows of the list, from any instance, tells them all to forget.
CREATE OR REPLACE FUNCTION "terminal_list_rows_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "terminal_list_rows" r USING "old_rows" o WHERE r."id" = o."id";
  ELSE
    INSERT INTO "terminal_list_rows" ("id", "row")
    SELECT t."id", "terminal_list_row"(t) FROM "terminals" t JOIN "new_rows" n USING ("id")
    ON CONFLICT ("id") DO UPDATE SET "row" = excluded."row";
  END IF;
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 THEN
    PERFORM pg_notify('terminal_list_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "terminal_list_rows_org_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  UPDATE "terminal_list_rows" r SET "row" = "terminal_list_row"(t)
  FROM "terminals" t, "old_rows" o JOIN "new_rows" n USING ("id")
  WHERE o."name" IS DISTINCT FROM n."name" AND t."org_id" = n."id" AND r."id" = t."id";
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 THEN
    PERFORM pg_notify('terminal_list_changed', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "terminal_list_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('terminal_list_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "terminal_list_truncated" AFTER TRUNCATE ON "terminals"
  FOR EACH STATEMENT EXECUTE FUNCTION "terminal_list_truncated"();
