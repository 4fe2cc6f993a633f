-- A top-level agent's companies are its own and its sub-agents', as its terminals and groups are: they carry
-- its path in top_path, read newest first on their own index.
ALTER TABLE "orgs" ADD COLUMN "top_path" text GENERATED ALWAYS AS (left(agent_path, 4)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orgs_top" ON "orgs" USING btree ("top_path","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);