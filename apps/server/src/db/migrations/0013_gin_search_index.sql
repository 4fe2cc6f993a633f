-- Keyword searches read the trigram indexes' trees only: with fastupdate on, recent inserts wait in a
-- pending list that every search scans whole until vacuum merges it (a 10 000-terminal fleet after a
-- day of batches: 4-7 ms a search instead of 0.2 ms).
ALTER INDEX "terminals_ssid_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "terminals_name_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('terminals_ssid_trgm'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('terminals_name_trgm'::regclass);
