-- A company's recordings and fence records, newest first with the id breaking ties, are walked backwards on one index and stop at the page.
DROP INDEX "fence_records_org_at";--> statement-breakpoint
DROP INDEX "recordings_org_started";--> statement-breakpoint
CREATE INDEX "fence_records_org_at_id" ON "fence_records" USING btree ("org_id","at","id");--> statement-breakpoint
CREATE INDEX "recordings_org_started_id" ON "recordings" USING btree ("org_id","started_at","id");