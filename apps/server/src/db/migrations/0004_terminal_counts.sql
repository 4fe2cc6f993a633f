CREATE TABLE "terminal_counts" (
	"path" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "terminal_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "terminal_counts" c SET "n" = c."n" - d."k"
    FROM (
      SELECT left(o."agent_path", l * 4) AS "path", count(*) AS "k"
      FROM "old_rows" o, generate_series(1, length(o."agent_path") / 4) AS l
      GROUP BY 1
    ) d
    WHERE c."path" = d."path";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "terminal_counts" ("path", "n")
    SELECT left(t."agent_path", l * 4), count(*)
    FROM "new_rows" t, generate_series(1, length(t."agent_path") / 4) AS l
    GROUP BY 1
    ON CONFLICT ("path") DO UPDATE SET "n" = "terminal_counts"."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "terminal_counts_insert" AFTER INSERT ON "terminals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_counts_change"();
--> statement-breakpoint
CREATE TRIGGER "terminal_counts_delete" AFTER DELETE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_counts_change"();
--> statement-breakpoint
CREATE TRIGGER "terminal_counts_update" AFTER UPDATE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "terminal_counts_change"();
--> statement-breakpoint
INSERT INTO "terminal_counts" ("path", "n")
SELECT left(t."agent_path", l * 4), count(*)
FROM "terminals" t, generate_series(1, length(t."agent_path") / 4) AS l
GROUP BY 1;
