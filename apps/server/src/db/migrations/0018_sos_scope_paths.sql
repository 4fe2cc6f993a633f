-- An agent's SOS list and untreated count by equality on its path, as the terminals have it: a top-level
-- agent's alarms carry its path in top_path, a sub-agent's in agent_path; each walks one index in list order.
DROP INDEX "sos_agent_path";--> statement-breakpoint
DROP INDEX "sos_untreated_path";--> statement-breakpoint
ALTER TABLE "sos_records" ADD COLUMN "top_path" text GENERATED ALWAYS AS (left(agent_path, 4)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "sos_top_status_newest" ON "sos_records" USING btree ("top_path","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sos_path_status_newest" ON "sos_records" USING btree ("agent_path","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);