-- Web Push subscriptions are owned per account and endpoint (another account subscribing the same URL
-- no longer takes it over) and bound to the session that made them: a subscription whose session ends
-- receives nothing, and goes with that session. Rows kept are bound to their account's newest live
-- session; rows of accounts with none are dropped (the phone subscribes again at its next sign-in).
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" bigint;--> statement-breakpoint
UPDATE "push_subscriptions" AS p SET "session_id" = (
	SELECT max(s."id") FROM "sessions" AS s
	WHERE s."role" = p."role" AND s."subject_id" = p."account_id" AND s."revoked_at" IS NULL AND s."expires_at" > now()
);--> statement-breakpoint
DELETE FROM "push_subscriptions" WHERE "session_id" IS NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ALTER COLUMN "session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" DROP CONSTRAINT "push_subscriptions_endpoint_unique";--> statement-breakpoint
DROP INDEX "push_subscriptions_account";--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_owner_endpoint" ON "push_subscriptions" USING btree ("role","account_id","endpoint");
