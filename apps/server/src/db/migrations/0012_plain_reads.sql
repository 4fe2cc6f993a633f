-- Every request reads its session from the table: no instance keeps sessions, so none needs telling.
DROP TRIGGER "sessions_changed" ON "sessions";--> statement-breakpoint
DROP FUNCTION "sessions_changed"();--> statement-breakpoint
-- A card move is a transaction written in TypeScript (card/service.ts).
DROP FUNCTION "card_move"(text, integer, integer, smallint, integer, boolean, integer, smallint, integer, text, integer, text);--> statement-breakpoint
-- Sub-agents are counted from their parent's index (two levels of agents); companies and groups below
-- an agent stay in subtree_counts.
DROP TRIGGER "subtree_counts_agents_insert" ON "agents";--> statement-breakpoint
DROP TRIGGER "subtree_counts_agents_delete" ON "agents";--> statement-breakpoint
DROP TRIGGER "subtree_counts_agents_update" ON "agents";--> statement-breakpoint
DROP FUNCTION "subtree_counts_agents"();--> statement-breakpoint
ALTER TABLE "subtree_counts" DROP COLUMN "agents";--> statement-breakpoint
CREATE TABLE "agent_counts" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"notices" bigint DEFAULT 0 NOT NULL,
	"ledger" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_counts" ADD CONSTRAINT "agent_counts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rows a statement added (sign 1) or removed (sign -1), per agent, in agent-id order: two moves
-- between the same agents (a sale of one card type, a recycle of another) lock these rows in one order.
CREATE FUNCTION "agent_counts_notices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "agent_counts" ("agent_id", "notices")
    SELECT n."agent_id", count(*) FROM "new_rows" n GROUP BY 1 ORDER BY 1
    ON CONFLICT ("agent_id") DO UPDATE SET "notices" = "agent_counts"."notices" + excluded."notices";
  ELSE
    UPDATE "agent_counts" c SET "notices" = c."notices" - d."k"
    FROM (SELECT o."agent_id", count(*) AS "k" FROM "old_rows" o GROUP BY 1) d
    WHERE c."agent_id" = d."agent_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "agent_counts_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "agent_counts" ("agent_id", "ledger")
    SELECT s."agent_id", count(*) FROM (
      SELECT n."from_agent_id" AS "agent_id" FROM "new_rows" n WHERE n."from_agent_id" IS NOT NULL
      UNION ALL
      SELECT n."to_agent_id" FROM "new_rows" n WHERE n."to_agent_id" IS NOT NULL
    ) s
    WHERE EXISTS (SELECT 1 FROM "agents" a WHERE a."id" = s."agent_id")
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("agent_id") DO UPDATE SET "ledger" = "agent_counts"."ledger" + excluded."ledger";
  ELSE
    UPDATE "agent_counts" c SET "ledger" = c."ledger" - d."k"
    FROM (
      SELECT s."agent_id", count(*) AS "k" FROM (
        SELECT o."from_agent_id" AS "agent_id" FROM "old_rows" o
        UNION ALL
        SELECT o."to_agent_id" FROM "old_rows" o
      ) s GROUP BY 1
    ) d
    WHERE c."agent_id" = d."agent_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "agent_counts_notices_insert" AFTER INSERT ON "notices"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agent_counts_notices"();
--> statement-breakpoint
CREATE TRIGGER "agent_counts_notices_delete" AFTER DELETE ON "notices"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agent_counts_notices"();
--> statement-breakpoint
CREATE TRIGGER "agent_counts_ledger_insert" AFTER INSERT ON "card_ledger"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agent_counts_ledger"();
--> statement-breakpoint
CREATE TRIGGER "agent_counts_ledger_delete" AFTER DELETE ON "card_ledger"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "agent_counts_ledger"();
--> statement-breakpoint
INSERT INTO "agent_counts" ("agent_id", "notices", "ledger")
SELECT a."id",
  (SELECT count(*) FROM "notices" n WHERE n."agent_id" = a."id"),
  (SELECT count(*) FROM "card_ledger" l WHERE l."from_agent_id" = a."id")
    + (SELECT count(*) FROM "card_ledger" l WHERE l."to_agent_id" = a."id")
FROM "agents" a;--> statement-breakpoint
DROP INDEX "agents_parent";--> statement-breakpoint
DROP INDEX "card_ledger_from";--> statement-breakpoint
DROP INDEX "card_ledger_to";--> statement-breakpoint
DROP INDEX "notices_agent";--> statement-breakpoint
DROP INDEX "orgs_agent";--> statement-breakpoint
CREATE INDEX "sos_untreated_path" ON "sos_records" USING btree ("agent_path" text_pattern_ops) WHERE "sos_records"."status" = 0;--> statement-breakpoint
CREATE INDEX "agents_parent" ON "agents" USING btree ("parent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "card_ledger_from" ON "card_ledger" USING btree ("from_agent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"card_type");--> statement-breakpoint
CREATE INDEX "card_ledger_to" ON "card_ledger" USING btree ("to_agent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"card_type");--> statement-breakpoint
CREATE INDEX "notices_agent" ON "notices" USING btree ("agent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orgs_agent" ON "orgs" USING btree ("agent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
