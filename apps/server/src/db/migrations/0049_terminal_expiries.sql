-- Each terminal's expiries as rows (one per function with an expiry, but the VIP permanent one,
-- 2099-12-31): the expiry radar, its counts and the card runway read a scope's window on an index.
CREATE TABLE "terminal_expiries" (
	"terminal_id" integer NOT NULL,
	"function" text NOT NULL,
	"expires" date NOT NULL,
	"agent_path" text NOT NULL,
	"top_path" text GENERATED ALWAYS AS (left(agent_path, 4)) STORED NOT NULL,
	"org_id" integer NOT NULL,
	CONSTRAINT "terminal_expiries_terminal_id_function_pk" PRIMARY KEY("terminal_id","function")
);
--> statement-breakpoint
INSERT INTO "terminal_expiries" ("terminal_id", "function", "expires", "agent_path", "org_id")
SELECT t."id", f."function", f."expires", t."agent_path", t."org_id"
FROM "terminals" t
CROSS JOIN LATERAL (VALUES
  ('voice', t."voice_expires"),
  ('recording', t."recording_expires"),
  ('location', t."location_expires"),
  ('sos', t."sos_expires"),
  ('fence', t."fence_expires"),
  ('video', t."video_expires"),
  ('duplex', t."duplex_expires")
) AS f("function", "expires")
WHERE f."expires" <> date '2099-12-31';--> statement-breakpoint
ALTER TABLE "terminal_expiries" ADD CONSTRAINT "terminal_expiries_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_expiries_top_path" ON "terminal_expiries" USING btree ("top_path","expires","terminal_id","function");--> statement-breakpoint
CREATE INDEX "terminal_expiries_agent_path" ON "terminal_expiries" USING btree ("agent_path","expires","terminal_id","function");--> statement-breakpoint
CREATE INDEX "terminal_expiries_org_id" ON "terminal_expiries" USING btree ("org_id","expires","terminal_id","function");--> statement-breakpoint
-- The rows of the terminals a statement added: their functions with an expiry but the permanent one.
CREATE FUNCTION "terminal_expiries_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "terminal_expiries" ("terminal_id", "function", "expires", "agent_path", "org_id")
  SELECT n."id", f."function", f."expires", n."agent_path", n."org_id"
  FROM "new_rows" n
  CROSS JOIN LATERAL (VALUES
    ('voice', n."voice_expires"),
    ('recording', n."recording_expires"),
    ('location', n."location_expires"),
    ('sos', n."sos_expires"),
    ('fence', n."fence_expires"),
    ('video', n."video_expires"),
    ('duplex', n."duplex_expires")
  ) AS f("function", "expires")
  WHERE f."expires" <> date '2099-12-31'
  ORDER BY 1, 2;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The rows of the terminals a statement changed: a function whose expiry went (none, or the permanent
-- one) loses its row; one whose expiry changed, or whose terminal moved (company or agent), gets it
-- written, in (terminal, function) order: renewals lock their terminals in id order, so do their rows.
CREATE FUNCTION "terminal_expiries_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "terminal_expiries" e
  USING "old_rows" o
  JOIN "new_rows" n USING ("id")
  CROSS JOIN LATERAL (VALUES
    ('voice', o."voice_expires", n."voice_expires"),
    ('recording', o."recording_expires", n."recording_expires"),
    ('location', o."location_expires", n."location_expires"),
    ('sos', o."sos_expires", n."sos_expires"),
    ('fence', o."fence_expires", n."fence_expires"),
    ('video', o."video_expires", n."video_expires"),
    ('duplex', o."duplex_expires", n."duplex_expires")
  ) AS f("function", "before", "after")
  WHERE e."terminal_id" = n."id" AND e."function" = f."function"
    AND f."before" IS DISTINCT FROM f."after"
    AND (f."after" IS NULL OR f."after" = date '2099-12-31');
  INSERT INTO "terminal_expiries" ("terminal_id", "function", "expires", "agent_path", "org_id")
  SELECT n."id", f."function", f."after", n."agent_path", n."org_id"
  FROM "old_rows" o
  JOIN "new_rows" n USING ("id")
  CROSS JOIN LATERAL (VALUES
    ('voice', o."voice_expires", n."voice_expires"),
    ('recording', o."recording_expires", n."recording_expires"),
    ('location', o."location_expires", n."location_expires"),
    ('sos', o."sos_expires", n."sos_expires"),
    ('fence', o."fence_expires", n."fence_expires"),
    ('video', o."video_expires", n."video_expires"),
    ('duplex', o."duplex_expires", n."duplex_expires")
  ) AS f("function", "before", "after")
  WHERE f."after" <> date '2099-12-31'
    AND (f."before" IS DISTINCT FROM f."after" OR o."agent_path" <> n."agent_path" OR o."org_id" <> n."org_id")
  ORDER BY 1, 2
  ON CONFLICT ("terminal_id", "function") DO UPDATE
  SET "expires" = excluded."expires", "agent_path" = excluded."agent_path", "org_id" = excluded."org_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "terminal_expiries_insert" AFTER INSERT ON "terminals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_expiries_added"();--> statement-breakpoint
CREATE TRIGGER "terminal_expiries_update" AFTER UPDATE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "terminal_expiries_changed"();
