-- A keyword finds groups by any part of their name, and companies by any part of their name, account or
-- contact, on trigram indexes, as terminals' names are found: without them every search read all the
-- scope's groups and companies. A company's three fields are indexed as one text (a keyword found there
-- is then checked field by field): 2 001 companies, a word that matches none, 0.9 ms → 0.02 ms; 2 200
-- groups, 0.53 ms → 0.06 ms.
CREATE INDEX IF NOT EXISTS "groups_name_trgm" ON "groups" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orgs_words_trgm" ON "orgs" USING gin (("name" || ' ' || "account" || ' ' || "contact") gin_trgm_ops) WITH (fastupdate = off);
