-- Live operations: the events the stream delivers (written with the change they report, kept for
-- EVENT_RETENTION_HOURS), each terminal's presence and its last position for the fleet map.
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"org_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"top_path" text GENERATED ALWAYS AS (left(agent_path, 4)) STORED NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_created_at" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "terminal_presence" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"online" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminal_presence" ADD CONSTRAINT "terminal_presence_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The sweeper's look-up: online terminals by how long they have been silent.
CREATE INDEX "terminal_presence_online_seen" ON "terminal_presence" USING btree ("last_seen_at") WHERE "online";--> statement-breakpoint
CREATE TABLE "terminal_positions_last" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"speed" real,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminal_positions_last" ADD CONSTRAINT "terminal_positions_last_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;
