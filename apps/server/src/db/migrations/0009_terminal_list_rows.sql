CREATE TABLE "terminal_list_rows" (
	"id" integer PRIMARY KEY NOT NULL,
	"row" text NOT NULL
);
--> statement-breakpoint
-- A terminal's row of the user list, as `api.terminal.list` names and orders it; times as JavaScript's
-- `toISOString` writes them.
CREATE FUNCTION "terminal_list_row"(t "terminals") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(r)::text FROM (
    SELECT t."id", t."ssid", t."name", t."org_id",
      coalesce((SELECT o."name" FROM "orgs" o WHERE o."id" = t."org_id"), '') AS "org_name",
      t."user_type",
      (SELECT e FROM (SELECT t."voice_expires" AS "voice", t."recording_expires" AS "recording",
        t."location_expires" AS "location", t."sos_expires" AS "sos", t."fence_expires" AS "fence",
        t."video_expires" AS "video", t."duplex_expires" AS "duplex") e) AS "expiries",
      to_char(t."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "created_at"
  ) r
$$;
--> statement-breakpoint
CREATE FUNCTION "terminal_list_rows_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "terminal_list_rows" r USING "old_rows" o WHERE r."id" = o."id";
  ELSE
    INSERT INTO "terminal_list_rows" ("id", "row")
    SELECT t."id", "terminal_list_row"(t) FROM "terminals" t JOIN "new_rows" n USING ("id")
    ON CONFLICT ("id") DO UPDATE SET "row" = excluded."row";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "terminal_list_rows_insert" AFTER INSERT ON "terminals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_list_rows_change"();
--> statement-breakpoint
CREATE TRIGGER "terminal_list_rows_update" AFTER UPDATE ON "terminals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_list_rows_change"();
--> statement-breakpoint
CREATE TRIGGER "terminal_list_rows_delete" AFTER DELETE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_list_rows_change"();
--> statement-breakpoint
-- A renamed company renames itself in its terminals' rows.
CREATE FUNCTION "terminal_list_rows_org_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "terminal_list_rows" r SET "row" = "terminal_list_row"(t)
  FROM "terminals" t, "old_rows" o JOIN "new_rows" n USING ("id")
  WHERE o."name" IS DISTINCT FROM n."name" AND t."org_id" = n."id" AND r."id" = t."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "terminal_list_rows_org_update" AFTER UPDATE ON "orgs"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "terminal_list_rows_org_renamed"();
--> statement-breakpoint
INSERT INTO "terminal_list_rows" ("id", "row") SELECT t."id", "terminal_list_row"(t) FROM "terminals" t;
