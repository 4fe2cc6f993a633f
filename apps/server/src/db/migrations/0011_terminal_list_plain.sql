-- The user list reads terminals directly: the kept JSON rows (0009), the first pages' notification (0010)
-- and the per-level copies of every terminal's scope (0007) give way to indexes on terminals.
DROP TRIGGER "terminal_list_changed" ON "terminals";
--> statement-breakpoint
DROP TRIGGER "terminal_list_changed" ON "orgs";
--> statement-breakpoint
DROP FUNCTION "terminal_list_changed"();
--> statement-breakpoint
DROP TRIGGER "terminal_list_rows_insert" ON "terminals";
--> statement-breakpoint
DROP TRIGGER "terminal_list_rows_update" ON "terminals";
--> statement-breakpoint
DROP TRIGGER "terminal_list_rows_delete" ON "terminals";
--> statement-breakpoint
DROP TRIGGER "terminal_list_rows_org_update" ON "orgs";
--> statement-breakpoint
DROP FUNCTION "terminal_list_rows_change"();
--> statement-breakpoint
DROP FUNCTION "terminal_list_rows_org_renamed"();
--> statement-breakpoint
DROP FUNCTION "terminal_list_row"("terminals");
--> statement-breakpoint
DROP TABLE "terminal_list_rows";
--> statement-breakpoint
DROP TRIGGER "terminal_scopes_insert" ON "terminals";
--> statement-breakpoint
DROP TRIGGER "terminal_scopes_delete" ON "terminals";
--> statement-breakpoint
DROP TRIGGER "terminal_scopes_update" ON "terminals";
--> statement-breakpoint
DROP FUNCTION "terminal_scopes_change"();
--> statement-breakpoint
DROP TABLE "terminal_scopes";
--> statement-breakpoint
-- Agents are two levels deep (paths of 4 and 8 characters): a top-level agent's terminals are those
-- whose path starts with its own, kept as a column so its list is an equality on an index.
ALTER TABLE "terminals" ADD COLUMN "top_path" text GENERATED ALWAYS AS (left("agent_path", 4)) STORED NOT NULL;
--> statement-breakpoint
DROP INDEX "terminals_org";
--> statement-breakpoint
DROP INDEX "terminals_agent_path_prefix";
--> statement-breakpoint
CREATE INDEX "terminals_top_path_id" ON "terminals" USING btree ("top_path","id");
--> statement-breakpoint
CREATE INDEX "terminals_agent_path_id" ON "terminals" USING btree ("agent_path","id");
--> statement-breakpoint
CREATE INDEX "terminals_org_id_id" ON "terminals" USING btree ("org_id","id");
--> statement-breakpoint
CREATE INDEX "terminals_top_path_voice" ON "terminals" USING btree ("top_path","voice_expires","id");
--> statement-breakpoint
CREATE INDEX "terminals_agent_path_voice" ON "terminals" USING btree ("agent_path","voice_expires","id");
--> statement-breakpoint
CREATE INDEX "terminals_org_id_voice" ON "terminals" USING btree ("org_id","voice_expires","id");
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "pg_trgm";
--> statement-breakpoint
CREATE INDEX "terminals_ssid_trgm" ON "terminals" USING gin ("ssid" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "terminals_name_trgm" ON "terminals" USING gin ("name" gin_trgm_ops);
