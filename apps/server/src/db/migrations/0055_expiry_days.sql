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
-- The scopes a terminal counts in: each prefix of its agent's path (4 characters a level), and its company.
CREATE FUNCTION "expiry_scopes"("agent_path" text, "org_id" integer)
RETURNS TABLE ("path" text, "company" integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT left("agent_path", l * 4), 0 FROM generate_series(1, length("agent_path") / 4) AS l
  UNION ALL
  SELECT '', "org_id"
$$;--> statement-breakpoint
-- A terminal's rows of "terminal_expiry_days" in each of its scopes: +1 on each of its distinct expiry
-- days (but the permanent one), -1 on each pair of consecutive days at most 90 days apart.
CREATE FUNCTION "terminal_expiry_days_of"(t "terminals")
RETURNS TABLE ("path" text, "company" integer, "from_day" date, "to_day" date, "k" integer)
LANGUAGE sql IMMUTABLE AS $$
  WITH "days" AS (
    SELECT DISTINCT f."day" FROM (VALUES (t."voice_expires"), (t."recording_expires"), (t."location_expires"),
      (t."sos_expires"), (t."fence_expires"), (t."video_expires"), (t."duplex_expires")) AS f("day")
    WHERE f."day" <> date '2099-12-31'
  ), "spans" AS (
    SELECT "day" AS "a", "day" AS "b", 1 AS "k" FROM "days"
    UNION ALL
    SELECT p."day", p."next", -1
    FROM (SELECT "day", lead("day") OVER (ORDER BY "day") AS "next" FROM "days") AS p
    WHERE p."next" - p."day" <= 90
  )
  SELECT s."path", s."company", d."a", d."b", d."k"
  FROM "spans" d CROSS JOIN "expiry_scopes"(t."agent_path", t."org_id") AS s
$$;--> statement-breakpoint
-- A terminal's rows of "terminal_function_days" in each of its scopes: its functions with an expiry but
-- the permanent one.
CREATE FUNCTION "terminal_function_days_of"(t "terminals")
RETURNS TABLE ("path" text, "company" integer, "on_day" date, "fn" text)
LANGUAGE sql IMMUTABLE AS $$
  WITH "due" AS (
    SELECT f."function", f."day" FROM (VALUES
      ('voice', t."voice_expires"),
      ('recording', t."recording_expires"),
      ('location', t."location_expires"),
      ('sos', t."sos_expires"),
      ('fence', t."fence_expires"),
      ('video', t."video_expires"),
      ('duplex', t."duplex_expires")
    ) AS f("function", "day")
    WHERE f."day" <> date '2099-12-31'
  )
  SELECT s."path", s."company", d."day", d."function"
  FROM "due" d CROSS JOIN "expiry_scopes"(t."agent_path", t."org_id") AS s
$$;--> statement-breakpoint
-- Takes the terminals as they were ("gone") away and adds them as they are ("came"), in one statement a
-- table, each in key order: two writers lock the rows they share in one order, and each row is added to
-- under its lock, so none loses another's change.
CREATE FUNCTION "terminal_expiry_days_add"("gone" "terminals"[], "came" "terminals"[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "terminal_expiry_days" ("path", "org_id", "first", "last", "n")
  SELECT d."path", d."company", d."from_day", d."to_day", sum(c."sign" * d."k")
  FROM (SELECT -1 AS "sign", g AS "t" FROM unnest("gone") AS g UNION ALL SELECT 1, g FROM unnest("came") AS g) AS c
  CROSS JOIN LATERAL "terminal_expiry_days_of"(c."t") AS d
  GROUP BY 1, 2, 3, 4
  HAVING sum(c."sign" * d."k") <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("path", "org_id", "first", "last") DO UPDATE SET "n" = "terminal_expiry_days"."n" + excluded."n";
  INSERT INTO "terminal_function_days" ("path", "org_id", "day", "function", "n")
  SELECT d."path", d."company", d."on_day", d."fn", sum(c."sign")
  FROM (SELECT -1 AS "sign", g AS "t" FROM unnest("gone") AS g UNION ALL SELECT 1, g FROM unnest("came") AS g) AS c
  CROSS JOIN LATERAL "terminal_function_days_of"(c."t") AS d
  GROUP BY 1, 2, 3, 4
  HAVING sum(c."sign") <> 0
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
INSERT INTO "terminal_expiry_days" ("path", "org_id", "first", "last", "n")
SELECT d."path", d."company", d."from_day", d."to_day", sum(d."k")
FROM "terminals" t CROSS JOIN LATERAL "terminal_expiry_days_of"(t) AS d
GROUP BY 1, 2, 3, 4
HAVING sum(d."k") <> 0;--> statement-breakpoint
INSERT INTO "terminal_function_days" ("path", "org_id", "day", "function", "n")
SELECT d."path", d."company", d."on_day", d."fn", count(*)
FROM "terminals" t CROSS JOIN LATERAL "terminal_function_days_of"(t) AS d
GROUP BY 1, 2, 3, 4;
