-- Every company whose records a change touched, whoever made it: a company reads the changes to its own
-- records, and an agent's company filter finds what the agent did to that company.
ALTER TABLE "audit_log" ADD COLUMN "org_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Rows written before name at most one company, in org_id; it becomes their list, so one condition finds
-- old and new rows alike. The log refuses every UPDATE (0051): the owner lifts that for this one copy
-- within the migration's transaction and puts it back.
GRANT UPDATE ON "audit_log" TO CURRENT_USER;--> statement-breakpoint
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
UPDATE "audit_log" SET "org_ids" = ARRAY["org_id"] WHERE "org_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
REVOKE UPDATE ON "audit_log" FROM CURRENT_USER;--> statement-breakpoint
CREATE INDEX "audit_log_org_ids" ON "audit_log" USING gin ("org_ids");--> statement-breakpoint
CREATE INDEX "audit_log_target_ids" ON "audit_log" USING gin ("target_ids");
