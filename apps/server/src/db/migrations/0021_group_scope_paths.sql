-- An agent's groups by equality on its path, as its terminals and alarms: a top-level agent's groups carry its
-- path in top_path, a sub-agent's in agent_path, each with the id for a newest-first page.
DROP INDEX "groups_agent_path_prefix";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "top_path" text GENERATED ALWAYS AS (left(agent_path, 4)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "groups_top_path_id" ON "groups" USING btree ("top_path","id");--> statement-breakpoint
CREATE INDEX "groups_agent_path_id" ON "groups" USING btree ("agent_path","id");