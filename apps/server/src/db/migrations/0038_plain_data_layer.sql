-- Companies and groups below an agent are counted on their scope indexes: the counters kept for them go.
DROP TRIGGER "subtree_counts_orgs_insert" ON "orgs";--> statement-breakpoint
DROP TRIGGER "subtree_counts_orgs_delete" ON "orgs";--> statement-breakpoint
DROP TRIGGER "subtree_counts_orgs_update" ON "orgs";--> statement-breakpoint
DROP TRIGGER "subtree_counts_groups_insert" ON "groups";--> statement-breakpoint
DROP TRIGGER "subtree_counts_groups_delete" ON "groups";--> statement-breakpoint
DROP TRIGGER "subtree_counts_groups_update" ON "groups";--> statement-breakpoint
DROP FUNCTION "subtree_counts_orgs"();--> statement-breakpoint
DROP FUNCTION "subtree_counts_groups"();--> statement-breakpoint
DROP TABLE "subtree_counts";--> statement-breakpoint
-- A terminal's name is compared under the database's collation again, with the column's default statistics;
-- the batch index served a keyword plan that the plain keyword query no longer takes.
ALTER TABLE "terminals" ALTER COLUMN "name" SET DATA TYPE text COLLATE "default";--> statement-breakpoint
ALTER TABLE "terminals" ALTER COLUMN "name" SET STATISTICS -1;--> statement-breakpoint
ALTER TABLE "terminals" ALTER COLUMN "ssid" SET STATISTICS -1;--> statement-breakpoint
DROP INDEX "terminals_ssid_batch";--> statement-breakpoint
ANALYZE "terminals";
