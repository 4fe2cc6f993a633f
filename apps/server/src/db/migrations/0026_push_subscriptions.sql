-- Web Push: the browsers that asked for alarms, and the live events already pushed (claimed once across
-- instances by inserting the event's id).
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"role" smallint NOT NULL,
	"account_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);--> statement-breakpoint
CREATE INDEX "push_subscriptions_account" ON "push_subscriptions" USING btree ("role","account_id");--> statement-breakpoint
CREATE TABLE "push_sent" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
