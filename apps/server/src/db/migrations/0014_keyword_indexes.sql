-- A keyword finds the start or the end of an SSID and any part of a name. SSIDs are digits: their
-- trigrams are few and shared by every SSID, so a trigram search for the start of a batch matched all
-- of them (a second at a million terminals). Prefix indexes on the SSID and on its reverse replace it.
DROP INDEX "terminals_ssid_trgm";--> statement-breakpoint
CREATE INDEX "terminals_ssid_prefix" ON "terminals" USING btree ("ssid" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "terminals_ssid_reversed" ON "terminals" USING btree (reverse("ssid") text_pattern_ops);--> statement-breakpoint
-- With a histogram of 1 000 names the planner estimates how many names contain a word (with 100 it
-- guesses), and so knows whether to walk the scope newest first or read the trigram index.
ALTER TABLE "terminals" ALTER COLUMN "name" SET STATISTICS 1000;
