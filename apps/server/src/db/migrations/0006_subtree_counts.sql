CREATE TABLE "subtree_counts" (
	"path" text PRIMARY KEY NOT NULL,
	"agents" bigint DEFAULT 0 NOT NULL,
	"orgs" bigint DEFAULT 0 NOT NULL,
	"groups" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One function per counted table adds or takes away, per agent path prefix (4 characters a level), the
-- rows a statement inserted, deleted or moved; an agent counts below its ancestors only, not itself.
CREATE FUNCTION "subtree_counts_agents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM "old_rows" o JOIN "new_rows" n USING ("id") WHERE o."path" <> n."path" LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "subtree_counts" c SET "agents" = c."agents" - d."k"
    FROM (
      SELECT left(o."path", l * 4) AS "path", count(*) AS "k"
      FROM "old_rows" o, generate_series(1, length(o."path") / 4 - 1) AS l
      GROUP BY 1
    ) d
    WHERE c."path" = d."path";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "subtree_counts" ("path", "agents")
    SELECT left(n."path", l * 4), count(*)
    FROM "new_rows" n, generate_series(1, length(n."path") / 4 - 1) AS l
    GROUP BY 1
    ON CONFLICT ("path") DO UPDATE SET "agents" = "subtree_counts"."agents" + excluded."agents";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "subtree_counts_orgs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM "old_rows" o JOIN "new_rows" n USING ("id") WHERE o."agent_path" <> n."agent_path" LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "subtree_counts" c SET "orgs" = c."orgs" - d."k"
    FROM (
      SELECT left(o."agent_path", l * 4) AS "path", count(*) AS "k"
      FROM "old_rows" o, generate_series(1, length(o."agent_path") / 4) AS l
      GROUP BY 1
    ) d
    WHERE c."path" = d."path";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "subtree_counts" ("path", "orgs")
    SELECT left(n."agent_path", l * 4), count(*)
    FROM "new_rows" n, generate_series(1, length(n."agent_path") / 4) AS l
    GROUP BY 1
    ON CONFLICT ("path") DO UPDATE SET "orgs" = "subtree_counts"."orgs" + excluded."orgs";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "subtree_counts_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM "old_rows" o JOIN "new_rows" n USING ("id") WHERE o."agent_path" <> n."agent_path" LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "subtree_counts" c SET "groups" = c."groups" - d."k"
    FROM (
      SELECT left(o."agent_path", l * 4) AS "path", count(*) AS "k"
      FROM "old_rows" o, generate_series(1, length(o."agent_path") / 4) AS l
      GROUP BY 1
    ) d
    WHERE c."path" = d."path";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "subtree_counts" ("path", "groups")
    SELECT left(n."agent_path", l * 4), count(*)
    FROM "new_rows" n, generate_series(1, length(n."agent_path") / 4) AS l
    GROUP BY 1
    ON CONFLICT ("path") DO UPDATE SET "groups" = "subtree_counts"."groups" + excluded."groups";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subtree_counts_agents_insert" AFTER INSERT ON "agents"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "subtree_counts_agents"();
--> statement-breakpoint
CREATE TRIGGER "subtree_counts_agents_delete" AFTER DELETE ON "agents"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "subtree_counts_agents"();
--> statement-breakpoint
CREATE TRIGGER "subtree_counts_agents_update" AFTER UPDATE ON "agents"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "subtree_counts_agents"();
--> statement-breakpoint
CREATE TRIGGER "subtree_counts_orgs_insert" AFTER INSERT ON "orgs"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "subtree_counts_orgs"();
--> statement-breakpoint
CREATE TRIGGER "subtree_counts_orgs_delete" AFTER DELETE ON "orgs"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "subtree_counts_orgs"();
--> statement-breakpoint
CREATE TRIGGER "subtree_counts_orgs_update" AFTER UPDATE ON "orgs"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "subtree_counts_orgs"();
--> statement-breakpoint
CREATE TRIGGER "subtree_counts_groups_insert" AFTER INSERT ON "groups"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "subtree_counts_groups"();
--> statement-breakpoint
CREATE TRIGGER "subtree_counts_groups_delete" AFTER DELETE ON "groups"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "subtree_counts_groups"();
--> statement-breakpoint
CREATE TRIGGER "subtree_counts_groups_update" AFTER UPDATE ON "groups"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "subtree_counts_groups"();
--> statement-breakpoint
-- Terminal counts as in 0004, but an update that moves no terminal leaves the counters (and their
-- locks) alone: renewals and profile edits no longer queue on their agents' counter rows.
CREATE OR REPLACE FUNCTION "terminal_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM "old_rows" o JOIN "new_rows" n USING ("id") WHERE o."agent_path" <> n."agent_path" LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
  END IF;
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
INSERT INTO "subtree_counts" ("path", "agents", "orgs", "groups")
SELECT p, sum(a)::bigint, sum(o)::bigint, sum(g)::bigint FROM (
  SELECT left(x."path", l * 4) AS p, 1 AS a, 0 AS o, 0 AS g
  FROM "agents" x, generate_series(1, length(x."path") / 4 - 1) AS l
  UNION ALL
  SELECT left(x."agent_path", l * 4), 0, 1, 0 FROM "orgs" x, generate_series(1, length(x."agent_path") / 4) AS l
  UNION ALL
  SELECT left(x."agent_path", l * 4), 0, 0, 1 FROM "groups" x, generate_series(1, length(x."agent_path") / 4) AS l
) s
GROUP BY p;
