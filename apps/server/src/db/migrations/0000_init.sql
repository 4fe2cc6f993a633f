CREATE TABLE "agent_cards" (
	"agent_id" integer NOT NULL,
	"card_type" smallint NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "agent_cards_agent_id_card_type_pk" PRIMARY KEY("agent_id","card_type"),
	CONSTRAINT "agent_cards_balance_nonnegative" CHECK ("agent_cards"."balance" >= 0),
	CONSTRAINT "agent_cards_type_range" CHECK ("agent_cards"."card_type" between 0 and 7)
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"path" text NOT NULL,
	"child_seq" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"account" text NOT NULL,
	"password_hash" text NOT NULL,
	"pay_pwd_hash" text,
	"openid" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_path_unique" UNIQUE("path"),
	CONSTRAINT "agents_account_unique" UNIQUE("account"),
	CONSTRAINT "agents_openid_unique" UNIQUE("openid")
);
--> statement-breakpoint
CREATE TABLE "app_info" (
	"type" text PRIMARY KEY NOT NULL,
	"appid" text NOT NULL,
	"appsecret" text NOT NULL,
	"title" text NOT NULL,
	"top_background" text NOT NULL,
	"top_font_color" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulletin_reads" (
	"agent_id" integer NOT NULL,
	"bulletin_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulletin_reads_agent_id_bulletin_id_pk" PRIMARY KEY("agent_id","bulletin_id")
);
--> statement-breakpoint
CREATE TABLE "bulletins" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"card_type" smallint NOT NULL,
	"quantity" integer NOT NULL,
	"from_agent_id" integer,
	"to_agent_id" integer,
	"org_id" integer,
	"terminal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_ledger_quantity_positive" CHECK ("card_ledger"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"priority" smallint DEFAULT 3 NOT NULL,
	CONSTRAINT "group_members_group_id_terminal_id_pk" PRIMARY KEY("group_id","terminal_id"),
	CONSTRAINT "group_members_priority_range" CHECK ("group_members"."priority" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"name" text NOT NULL,
	"owner_terminal_id" integer,
	"leader_terminal_id" integer,
	"compere_terminal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_org_name" UNIQUE("org_id","name")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"card_type" smallint,
	"quantity" integer,
	"from_agent_id" integer,
	"from_agent_name" text,
	"to_agent_id" integer,
	"to_agent_name" text,
	"org_name" text,
	"user_name" text,
	"users" jsonb,
	"content" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"server_type" text NOT NULL,
	"intranet_ip" text NOT NULL,
	"intranet_port" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orgs" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"name" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"account" text NOT NULL,
	"password_hash" text NOT NULL,
	"openid" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"binding_platform" boolean DEFAULT false NOT NULL,
	"member_display" boolean DEFAULT true NOT NULL,
	"noise_reduction" boolean DEFAULT false NOT NULL,
	"user_intercom" boolean DEFAULT true NOT NULL,
	"company_dispatcher" boolean DEFAULT false NOT NULL,
	"gps" boolean DEFAULT false NOT NULL,
	"single_call" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orgs_account_unique" UNIQUE("account"),
	CONSTRAINT "orgs_openid_unique" UNIQUE("openid")
);
--> statement-breakpoint
CREATE TABLE "puzzles" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"verified_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"role" smallint NOT NULL,
	"subject_id" integer NOT NULL,
	"openid" text NOT NULL,
	"scope_path" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sos_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"terminal_id" integer NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"status" smallint DEFAULT 0 NOT NULL,
	"processor" text,
	"processed_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" serial PRIMARY KEY NOT NULL,
	"ssid" text NOT NULL,
	"iccid" text,
	"name" text NOT NULL,
	"org_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"user_type" smallint DEFAULT 0 NOT NULL,
	"intercom_pwd_hash" text NOT NULL,
	"default_group_id" integer,
	"dispatcher" boolean DEFAULT false NOT NULL,
	"voice_expires" date,
	"recording_expires" date,
	"location_expires" date,
	"sos_expires" date,
	"fence_expires" date,
	"video_expires" date,
	"duplex_expires" date,
	"warranty_expires" date,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminals_ssid_unique" UNIQUE("ssid")
);
--> statement-breakpoint
ALTER TABLE "agent_cards" ADD CONSTRAINT "agent_cards_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_parent_id_agents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_reads" ADD CONSTRAINT "bulletin_reads_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulletin_reads" ADD CONSTRAINT "bulletin_reads_bulletin_id_bulletins_id_fk" FOREIGN KEY ("bulletin_id") REFERENCES "public"."bulletins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_servers" ADD CONSTRAINT "org_servers_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sos_records" ADD CONSTRAINT "sos_records_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sos_records" ADD CONSTRAINT "sos_records_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_path_prefix" ON "agents" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "agents_parent" ON "agents" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "card_ledger_from" ON "card_ledger" USING btree ("from_agent_id","created_at");--> statement-breakpoint
CREATE INDEX "card_ledger_to" ON "card_ledger" USING btree ("to_agent_id","created_at");--> statement-breakpoint
CREATE INDEX "group_members_terminal" ON "group_members" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "groups_agent_path_prefix" ON "groups" USING btree ("agent_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "notices_agent" ON "notices" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_unread" ON "notices" USING btree ("agent_id","read_at");--> statement-breakpoint
CREATE INDEX "orgs_agent_path_prefix" ON "orgs" USING btree ("agent_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orgs_agent" ON "orgs" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "sessions_subject" ON "sessions" USING btree ("role","subject_id");--> statement-breakpoint
CREATE INDEX "sos_org_status" ON "sos_records" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "sos_agent_path" ON "sos_records" USING btree ("agent_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "terminals_org" ON "terminals" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "terminals_agent_path_prefix" ON "terminals" USING btree ("agent_path" text_pattern_ops);