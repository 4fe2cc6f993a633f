-- A company's SOS list walks one index in its order (unprocessed first, newest first) and stops at the page.
DROP INDEX "sos_org_status";--> statement-breakpoint
CREATE INDEX "sos_org_status_newest" ON "sos_records" USING btree ("org_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);