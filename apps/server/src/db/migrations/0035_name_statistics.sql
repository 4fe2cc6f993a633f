-- Names go back to the default histogram (100 values; migration 0014 kept 1 000). Every keyword is planned for
-- its value, and the planner matched the pattern against each kept name: 120 keywords of a reseller at 1 M
-- terminals planned in 0.29–0.36 ms each with 1 000 and 0.08–0.12 ms with 100, and ran in the same time
-- on average (1.18 against 1.02 ms over an agent's scope, 0.19 against 0.30 ms over a company's).
ALTER TABLE "terminals" ALTER COLUMN "name" SET STATISTICS -1;--> statement-breakpoint
ANALYZE "terminals";
