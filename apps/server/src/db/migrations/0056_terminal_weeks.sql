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
CREATE INDEX "terminal_weeks_org_week" ON "terminal_weeks" USING btree ("org_id","week");
--> statement-breakpoint
-- The weeks of the positions still kept, and the week of each terminal's last call: a call later in that
-- week finds its week written (presence writes a week only when the last call stored is of another).
INSERT INTO "terminal_weeks" ("terminal_id", "week", "org_id")
SELECT DISTINCT "terminal_id", date_trunc('week', "at" AT TIME ZONE 'UTC')::date, "org_id" FROM "positions"
UNION
SELECT "terminal_id", date_trunc('week', "last_seen_at" AT TIME ZONE 'UTC')::date, "org_id" FROM "terminal_presence";
