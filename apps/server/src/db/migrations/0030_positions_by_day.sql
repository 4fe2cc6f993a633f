-- Positions arrive at fleet rates and are kept for a retention period: they are partitioned by day, so an old
-- day is dropped as a table rather than deleted row by row, and a track reads only the days it spans.
-- Day partitions are created ahead by the server (location/partitions.ts); the default partition holds what
-- arrives for a day that has none, and the server moves such rows into the day's table when it creates it.
ALTER TABLE "positions" RENAME TO "positions_unpartitioned";--> statement-breakpoint
ALTER TABLE "positions_unpartitioned" RENAME CONSTRAINT "positions_pkey" TO "positions_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "positions_terminal_at" RENAME TO "positions_unpartitioned_terminal_at";--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigint NOT NULL DEFAULT nextval('positions_id_seq'),
	"terminal_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"agent_path" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"speed" real,
	"accuracy" real,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_pkey" PRIMARY KEY ("id", "at")
) PARTITION BY RANGE ("at");--> statement-breakpoint
ALTER SEQUENCE "positions_id_seq" OWNED BY "positions"."id";--> statement-breakpoint
CREATE TABLE "positions_default" PARTITION OF "positions" DEFAULT;--> statement-breakpoint
CREATE INDEX "positions_terminal_at" ON "positions" USING btree ("terminal_id","at");--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "positions" SELECT "id", "terminal_id", "org_id", "agent_path", "lat", "lng", "speed", "accuracy", "at", "created_at" FROM "positions_unpartitioned";--> statement-breakpoint
DROP TABLE "positions_unpartitioned";
