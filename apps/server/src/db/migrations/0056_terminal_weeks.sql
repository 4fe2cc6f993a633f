-- The weeks a terminal called the server while in a company (one row per terminal, UTC week and company),
-- written by its first call of the week; the company report counts them instead of reading positions.
CREATE TABLE "terminal_weeks" (
	"terminal_id" integer NOT NULL,
	"week" date NOT NULL,
	"org_id" integer NOT NULL,
	CONSTRAINT "terminal_weeks_terminal_id_week_org_id_pk" PRIMARY KEY("terminal_id","week","org_id")
);
--> statement-breakpoint
ALTER TABLE "terminal_weeks" ADD CONSTRAINT "terminal_weeks_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "org_online_weeks" (
	"org_id" integer NOT NULL,
	"week" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "org_online_weeks_org_id_week_pk" PRIMARY KEY("org_id","week")
);
--> statement-breakpoint
-- Adds or takes away, per company and week, the terminals' weeks a statement inserted or deleted (a
-- terminal deleted takes its weeks with it).
CREATE FUNCTION "org_online_weeks_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "org_online_weeks" c SET "n" = c."n" - d."k"
    FROM (SELECT "org_id", "week", count(*) AS "k" FROM "old_rows" GROUP BY 1, 2) d
    WHERE c."org_id" = d."org_id" AND c."week" = d."week";
  ELSE
    INSERT INTO "org_online_weeks" ("org_id", "week", "n")
    SELECT "org_id", "week", count(*) FROM "new_rows" GROUP BY 1, 2
    ON CONFLICT ("org_id", "week") DO UPDATE SET "n" = "org_online_weeks"."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "org_online_weeks_insert" AFTER INSERT ON "terminal_weeks"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_online_weeks_change"();
--> statement-breakpoint
CREATE TRIGGER "org_online_weeks_delete" AFTER DELETE ON "terminal_weeks"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_online_weeks_change"();
--> statement-breakpoint
-- The weeks of the positions still kept, and the week of each terminal's last call: a call later in that
-- week finds its week written (presence writes a week only when the last call stored is of another).
INSERT INTO "terminal_weeks" ("terminal_id", "week", "org_id")
SELECT DISTINCT "terminal_id", date_trunc('week', "at" AT TIME ZONE 'UTC')::date, "org_id" FROM "positions"
UNION
SELECT "terminal_id", date_trunc('week', "last_seen_at" AT TIME ZONE 'UTC')::date, "org_id" FROM "terminal_presence";
