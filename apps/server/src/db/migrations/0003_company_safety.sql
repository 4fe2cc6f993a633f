CREATE TABLE "device_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"terminal_id" integer NOT NULL,
	"credential_stamp" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "fence_members" (
	"fence_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	CONSTRAINT "fence_members_fence_id_terminal_id_pk" PRIMARY KEY("fence_id","terminal_id")
);
--> statement-breakpoint
CREATE TABLE "fence_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"fence_id" integer,
	"fence_name" text NOT NULL,
	"terminal_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fence_states" (
	"fence_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"inside" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"last_alarm_at" timestamp with time zone,
	CONSTRAINT "fence_states_terminal_id_fence_id_pk" PRIMARY KEY("terminal_id","fence_id")
);
--> statement-breakpoint
CREATE TABLE "fences" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"name" text NOT NULL,
	"shape" text NOT NULL,
	"center_lat" double precision,
	"center_lng" double precision,
	"radius" double precision,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trigger" smallint NOT NULL,
	"window_start" text DEFAULT '00:00' NOT NULL,
	"window_end" text DEFAULT '23:59' NOT NULL,
	"time_zone" text NOT NULL,
	"permanent" boolean DEFAULT true NOT NULL,
	"date_start" date,
	"date_end" date,
	"keeper_terminal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fences_org_name" UNIQUE("org_id","name"),
	CONSTRAINT "fences_trigger_range" CHECK ("fences"."trigger" between 0 and 3),
	CONSTRAINT "fences_shape" CHECK ("fences"."shape" in ('circle', 'polygon'))
);
--> statement-breakpoint
CREATE TABLE "geocode_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"speed" real,
	"accuracy" real,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"terminal_id" integer NOT NULL,
	"group_id" integer,
	"group_name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"file" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_sessions" ADD CONSTRAINT "device_sessions_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_members" ADD CONSTRAINT "fence_members_fence_id_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_members" ADD CONSTRAINT "fence_members_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_records" ADD CONSTRAINT "fence_records_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_records" ADD CONSTRAINT "fence_records_fence_id_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."fences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_records" ADD CONSTRAINT "fence_records_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_states" ADD CONSTRAINT "fence_states_fence_id_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_states" ADD CONSTRAINT "fence_states_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fences" ADD CONSTRAINT "fences_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fences" ADD CONSTRAINT "fences_keeper_terminal_id_terminals_id_fk" FOREIGN KEY ("keeper_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_sessions_terminal" ON "device_sessions" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "fence_members_terminal" ON "fence_members" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "fence_records_org_at" ON "fence_records" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "fence_records_agent_path" ON "fence_records" USING btree ("agent_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "fence_records_fence" ON "fence_records" USING btree ("fence_id");--> statement-breakpoint
CREATE INDEX "fences_agent_path_prefix" ON "fences" USING btree ("agent_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "positions_terminal_at" ON "positions" USING btree ("terminal_id","at");--> statement-breakpoint
CREATE INDEX "recordings_org_started" ON "recordings" USING btree ("org_id","started_at");--> statement-breakpoint
CREATE INDEX "recordings_agent_path" ON "recordings" USING btree ("agent_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "recordings_terminal_started" ON "recordings" USING btree ("terminal_id","started_at");