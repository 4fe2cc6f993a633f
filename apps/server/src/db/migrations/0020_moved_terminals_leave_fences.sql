-- A terminal moved to another company now leaves its fences when it moves, and fence member counts no
-- longer check each member's company: the memberships left behind by earlier moves (never shown, never
-- watched) are removed.
DELETE FROM "fence_members" fm USING "fences" f, "terminals" t
WHERE f."id" = fm."fence_id" AND t."id" = fm."terminal_id" AND t."org_id" <> f."org_id";
