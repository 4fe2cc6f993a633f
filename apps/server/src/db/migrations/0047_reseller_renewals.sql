-- The reseller's business (DESIGN §10): low-balance thresholds, the SMS reminder opt-out, a reminder's days on its
-- notice, the reminders already written (each once) and the daily job's runs (one instance a day).
CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_runs_name_day_pk" PRIMARY KEY("name","day")
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"agent_id" integer NOT NULL,
	"terminal_id" integer,
	"function" text,
	"expires" date,
	"days" smallint,
	"card_type" smallint,
	"threshold" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_cards" ADD COLUMN "threshold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "days" smallint;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "reminder_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_expiry" ON "reminders_sent" USING btree ("terminal_id","function","expires","days") WHERE "reminders_sent"."kind" = 'expiry';--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_balance" ON "reminders_sent" USING btree ("agent_id","card_type","threshold") WHERE "reminders_sent"."kind" = 'balance';