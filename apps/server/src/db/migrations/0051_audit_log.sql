-- The audit log: one row per change a person makes. It is partitioned by month, so a month past the
-- retention is dropped as a table (the server adds months ahead, modules/audit/repository.ts; the default
-- partition holds what arrives for a month that has none). It is append-only: the role that runs the
-- migrations (the server's) keeps INSERT and SELECT only, and since a superuser is not bound by grants,
-- triggers refuse UPDATE, DELETE and TRUNCATE for everyone; dropping a month's table is neither.
CREATE TABLE "audit_log" (
	"id" bigserial NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_role" smallint NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_account" text NOT NULL,
	"org_id" integer,
	"agent_path" text NOT NULL,
	"top_path" text GENERATED ALWAYS AS (left(agent_path, 4)) STORED NOT NULL,
	"ip" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text,
	"target_ids" integer[] DEFAULT '{}' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"params" jsonb NOT NULL,
	CONSTRAINT "audit_log_id_at_pk" PRIMARY KEY("id","at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "audit_log_org_at" ON "audit_log" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_path_at" ON "audit_log" USING btree ("agent_path","at");--> statement-breakpoint
CREATE INDEX "audit_log_top_at" ON "audit_log" USING btree ("top_path","at");--> statement-breakpoint
CREATE INDEX "audit_log_top_action_at" ON "audit_log" USING btree ("top_path","action","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at" ON "audit_log" USING btree ("actor_account","at");--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
-- A row trigger on the partitioned table is copied to every partition, present and future.
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- A statement trigger is not: each partition gets its own TRUNCATE trigger when it is made.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log_default"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM PUBLIC, CURRENT_USER;--> statement-breakpoint
GRANT INSERT, SELECT ON "audit_log" TO CURRENT_USER;
