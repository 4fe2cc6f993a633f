-- What a spending call answered, by the key its client sent (Idempotency-Key), per account: a repeat
-- with the same key and parameters answers this instead of spending again. The row is written in the
-- change's own transaction, so a concurrent repeat waits on the key and then reads the answer.
CREATE TABLE "idempotency_keys" (
	"account_role" smallint NOT NULL,
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"action" text NOT NULL,
	"params_hash" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_role_account_id_key_pk" PRIMARY KEY("account_role","account_id","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at" ON "idempotency_keys" USING btree ("created_at");
--> statement-breakpoint
-- The balances a spend moved, under its lock: [{ agent_id, card_type, before, after }].
ALTER TABLE "audit_log" ADD COLUMN "cards" jsonb;
