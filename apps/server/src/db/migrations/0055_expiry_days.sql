CREATE TABLE "terminal_expiry_days" (
	"path" text NOT NULL,
	"org_id" integer NOT NULL,
	"first" date NOT NULL,
	"last" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "terminal_expiry_days_path_org_id_first_last_pk" PRIMARY KEY("path","org_id","first","last")
);
--> statement-breakpoint
CREATE TABLE "terminal_function_days" (
	"path" text NOT NULL,
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"function" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "terminal_function_days_path_org_id_day_function_pk" PRIMARY KEY("path","org_id","day","function")
);
--> statement-breakpoint
-- Takes the terminals as they were ("gone") away and adds them as they are ("came"). A terminal counts in
-- each prefix of its agent's path (4 characters a level) and in its company: +1 on each of its distinct
-- expiry days but the permanent one, -1 on each pair of consecutive such days at most 90 days apart, and +1
-- per function on its day. One statement a table, each in key order: two writers lock the rows they share
-- in one order, and each row is added to under its lock, so none loses another's change.
CREATE FUNCTION "terminal_expiry_days_add"("gone" "terminals"[], "came" "terminals"[]) RETURNS void
LANGUAGE sql AS $$
  WITH "changes" AS (
    SELECT -1 AS "sign", g.* FROM unnest("gone") AS g
    UNION ALL
    SELECT 1, g.* FROM unnest("came") AS g
  ), "days" AS (
    SELECT DISTINCT c."sign", c."id", c."agent_path", c."org_id", f."day"
    FROM "changes" c
    CROSS JOIN LATERAL unnest(ARRAY[c."voice_expires", c."recording_expires", c."location_expires",
      c."sos_expires", c."fence_expires", c."video_expires", c."duplex_expires"]) AS f("day")
    WHERE f."day" <> date '2099-12-31'
  ), "spans" AS (
    SELECT p."sign", p."agent_path", p."org_id", p."day" AS "first", p."day" AS "last", 1 AS "k" FROM "days" p
    UNION ALL
    SELECT p."sign", p."agent_path", p."org_id", p."day", p."next", -1
    FROM (SELECT d.*, lead(d."day") OVER (PARTITION BY d."sign", d."id" ORDER BY d."day") AS "next" FROM "days" d) AS p
    WHERE p."next" - p."day" <= 90
  ), "scoped" AS (
    SELECT left(p."agent_path", l * 4) AS "path", 0 AS "company", p."first", p."last", p."sign" * p."k" AS "k"
    FROM "spans" p CROSS JOIN generate_series(1, length(p."agent_path") / 4) AS l
    UNION ALL
    SELECT '', p."org_id", p."first", p."last", p."sign" * p."k" FROM "spans" p
  )
  INSERT INTO "terminal_expiry_days" ("path", "org_id", "first", "last", "n")
  SELECT "path", "company", "first", "last", sum("k") FROM "scoped"
  GROUP BY 1, 2, 3, 4
  HAVING sum("k") <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("path", "org_id", "first", "last") DO UPDATE SET "n" = "terminal_expiry_days"."n" + excluded."n";
  WITH "changes" AS (
    SELECT -1 AS "sign", g.* FROM unnest("gone") AS g
    UNION ALL
    SELECT 1, g.* FROM unnest("came") AS g
  ), "due" AS (
    SELECT c."sign", c."agent_path", c."org_id", f."function", f."day"
    FROM "changes" c
    CROSS JOIN LATERAL unnest(ARRAY['voice', 'recording', 'location', 'sos', 'fence', 'video', 'duplex'],
      ARRAY[c."voice_expires", c."recording_expires", c."location_expires", c."sos_expires", c."fence_expires",
      c."video_expires", c."duplex_expires"]) AS f("function", "day")
    WHERE f."day" <> date '2099-12-31'
  ), "scoped" AS (
    SELECT left(u."agent_path", l * 4) AS "path", 0 AS "company", u."day", u."function", u."sign"
    FROM "due" u CROSS JOIN generate_series(1, length(u."agent_path") / 4) AS l
    UNION ALL
    SELECT '', u."org_id", u."day", u."function", u."sign" FROM "due" u
  )
  INSERT INTO "terminal_function_days" ("path", "org_id", "day", "function", "n")
  SELECT "path", "company", "day", "function", sum("sign") FROM "scoped"
  GROUP BY 1, 2, 3, 4
  HAVING sum("sign") <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("path", "org_id", "day", "function") DO UPDATE SET "n" = "terminal_function_days"."n" + excluded."n";
$$;--> statement-breakpoint
-- The terminals a statement inserted or deleted, and those whose expiries, agent or company it changed.
CREATE FUNCTION "terminal_expiry_days_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "terminal_expiry_days_add"('{}', ARRAY(SELECT n::"terminals" FROM "new_rows" n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "terminal_expiry_days_add"(ARRAY(SELECT o::"terminals" FROM "old_rows" o), '{}');
  ELSE
    PERFORM "terminal_expiry_days_add"(ARRAY(SELECT o::"terminals" FROM "old_rows" o JOIN "new_rows" n USING ("id")
      WHERE (o."voice_expires", o."recording_expires", o."location_expires", o."sos_expires", o."fence_expires",
             o."video_expires", o."duplex_expires", o."agent_path", o."org_id")
        IS DISTINCT FROM (n."voice_expires", n."recording_expires", n."location_expires", n."sos_expires",
             n."fence_expires", n."video_expires", n."duplex_expires", n."agent_path", n."org_id")
      ORDER BY o."id"), ARRAY(SELECT n::"terminals" FROM "old_rows" o JOIN "new_rows" n USING ("id")
      WHERE (o."voice_expires", o."recording_expires", o."location_expires", o."sos_expires", o."fence_expires",
             o."video_expires", o."duplex_expires", o."agent_path", o."org_id")
        IS DISTINCT FROM (n."voice_expires", n."recording_expires", n."location_expires", n."sos_expires",
             n."fence_expires", n."video_expires", n."duplex_expires", n."agent_path", n."org_id")
      ORDER BY n."id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "terminal_expiry_days_insert" AFTER INSERT ON "terminals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_expiry_days_change"();--> statement-breakpoint
CREATE TRIGGER "terminal_expiry_days_delete" AFTER DELETE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_expiry_days_change"();--> statement-breakpoint
CREATE TRIGGER "terminal_expiry_days_update" AFTER UPDATE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "terminal_expiry_days_change"();--> statement-breakpoint
-- The rows of the terminals already there, 10 000 terminals at a time.
DO $$
DECLARE
  "from_id" integer := 0;
  "last_id" integer := (SELECT coalesce(max("id"), 0) FROM "terminals");
BEGIN
  WHILE "from_id" <= "last_id" LOOP
    PERFORM "terminal_expiry_days_add"('{}', ARRAY(SELECT t FROM "terminals" t
      WHERE t."id" >= "from_id" AND t."id" < "from_id" + 10000));
    "from_id" := "from_id" + 10000;
  END LOOP;
END $$;
