CREATE TABLE "terminal_created_hours" (
	"path" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "terminal_created_hours_path_hour_pk" PRIMARY KEY("path","hour")
);
--> statement-breakpoint
-- Adds or takes away, per agent path prefix (4 characters a level) and UTC hour of creation, the
-- terminals a statement inserted, deleted or moved to another agent; other updates change nothing.
CREATE FUNCTION "terminal_created_hours_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM "old_rows" o JOIN "new_rows" n USING ("id") WHERE o."agent_path" <> n."agent_path" LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "terminal_created_hours" c SET "n" = c."n" - d."k"
    FROM (
      SELECT left(o."agent_path", l * 4) AS "path", date_trunc('hour', o."created_at", 'UTC') AS "hour", count(*) AS "k"
      FROM "old_rows" o, generate_series(1, length(o."agent_path") / 4) AS l
      GROUP BY 1, 2
    ) d
    WHERE c."path" = d."path" AND c."hour" = d."hour";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "terminal_created_hours" ("path", "hour", "n")
    SELECT left(t."agent_path", l * 4), date_trunc('hour', t."created_at", 'UTC'), count(*)
    FROM "new_rows" t, generate_series(1, length(t."agent_path") / 4) AS l
    GROUP BY 1, 2
    ON CONFLICT ("path", "hour") DO UPDATE SET "n" = "terminal_created_hours"."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "terminal_created_hours_insert" AFTER INSERT ON "terminals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_created_hours_change"();
--> statement-breakpoint
CREATE TRIGGER "terminal_created_hours_delete" AFTER DELETE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_created_hours_change"();
--> statement-breakpoint
CREATE TRIGGER "terminal_created_hours_update" AFTER UPDATE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "terminal_created_hours_change"();
--> statement-breakpoint
INSERT INTO "terminal_created_hours" ("path", "hour", "n")
SELECT left(t."agent_path", l * 4), date_trunc('hour', t."created_at", 'UTC'), count(*)
FROM "terminals" t, generate_series(1, length(t."agent_path") / 4) AS l
GROUP BY 1, 2;
