-- Every company whose records a change touched, whoever made it: a company reads the changes to its own
-- records, and an agent's company filter finds what the agent did to that company.
ALTER TABLE "audit_log" ADD COLUMN "org_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Rows written before keep their one company in org_id: the log is append-only (0051), so they are not
-- rewritten; the company filter reads both columns.
CREATE INDEX "audit_log_org_ids" ON "audit_log" USING gin ("org_ids");--> statement-breakpoint
CREATE INDEX "audit_log_target_ids" ON "audit_log" USING gin ("target_ids");
