CREATE TABLE "terminal_scopes" (
	"path" text NOT NULL,
	"terminal_id" integer NOT NULL,
	CONSTRAINT "terminal_scopes_path_terminal_id_pk" PRIMARY KEY("path","terminal_id")
);
--> statement-breakpoint
CREATE FUNCTION "terminal_scopes_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "terminal_scopes" ("path", "terminal_id")
    SELECT left(n."agent_path", l * 4), n."id"
    FROM "new_rows" n, generate_series(1, length(n."agent_path") / 4) AS l;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM "terminal_scopes" s
    USING "old_rows" o, generate_series(1, length(o."agent_path") / 4) AS l
    WHERE s."path" = left(o."agent_path", l * 4) AND s."terminal_id" = o."id";
  ELSE
    -- Only terminals that changed agent (moved to another company) change scopes.
    PERFORM 1 FROM "old_rows" o JOIN "new_rows" n USING ("id") WHERE o."agent_path" <> n."agent_path" LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
    DELETE FROM "terminal_scopes" s
    USING "old_rows" o JOIN "new_rows" n USING ("id"), generate_series(1, length(o."agent_path") / 4) AS l
    WHERE o."agent_path" <> n."agent_path"
      AND s."path" = left(o."agent_path", l * 4) AND s."terminal_id" = o."id";
    INSERT INTO "terminal_scopes" ("path", "terminal_id")
    SELECT left(n."agent_path", l * 4), n."id"
    FROM "old_rows" o JOIN "new_rows" n USING ("id"), generate_series(1, length(n."agent_path") / 4) AS l
    WHERE o."agent_path" <> n."agent_path";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "terminal_scopes_insert" AFTER INSERT ON "terminals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_scopes_change"();
--> statement-breakpoint
CREATE TRIGGER "terminal_scopes_delete" AFTER DELETE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_scopes_change"();
--> statement-breakpoint
CREATE TRIGGER "terminal_scopes_update" AFTER UPDATE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "terminal_scopes_change"();
--> statement-breakpoint
INSERT INTO "terminal_scopes" ("path", "terminal_id")
SELECT left(t."agent_path", l * 4), t."id"
FROM "terminals" t, generate_series(1, length(t."agent_path") / 4) AS l;
