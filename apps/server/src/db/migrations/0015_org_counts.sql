CREATE TABLE "org_counts" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"terminals" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_counts" ADD CONSTRAINT "org_counts_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The terminals a statement added to (sign 1) or took from (sign -1) each company, in company-id order:
-- two batches of different companies lock these rows in one order.
CREATE FUNCTION "org_counts_terminals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM "old_rows" o JOIN "new_rows" n USING ("id") WHERE o."org_id" <> n."org_id" LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "org_counts" c SET "terminals" = c."terminals" - d."k"
    FROM (SELECT o."org_id", count(*) AS "k" FROM "old_rows" o GROUP BY 1) d
    WHERE c."org_id" = d."org_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "org_counts" ("org_id", "terminals")
    SELECT n."org_id", count(*) FROM "new_rows" n GROUP BY 1 ORDER BY 1
    ON CONFLICT ("org_id") DO UPDATE SET "terminals" = "org_counts"."terminals" + excluded."terminals";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "org_counts_insert" AFTER INSERT ON "terminals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_counts_terminals"();--> statement-breakpoint
CREATE TRIGGER "org_counts_delete" AFTER DELETE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_counts_terminals"();--> statement-breakpoint
CREATE TRIGGER "org_counts_update" AFTER UPDATE ON "terminals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "org_counts_terminals"();--> statement-breakpoint
INSERT INTO "org_counts" ("org_id", "terminals")
SELECT "org_id", count(*) FROM "terminals" GROUP BY 1;
