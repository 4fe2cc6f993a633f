-- A card sale or recycle as one function, so that each connection keeps its plan (see card/repository.ts).
CREATE FUNCTION "card_move"(
  "p_kind" text, "p_giver" integer, "p_taker" integer, "p_card" smallint, "p_quantity" integer,
  "p_require_open" boolean, "p_notice_agent" integer, "p_notice_type" smallint,
  "p_from_id" integer, "p_from_name" text, "p_to_id" integer, "p_to_name" text
) RETURNS TABLE ("open" boolean, "held" bigint, "giver_balance" integer, "taker_balance" integer)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  WITH "locked" AS MATERIALIZED (
    SELECT c."agent_id", c."balance", c."enabled" FROM "agent_cards" c
    WHERE c."card_type" = p_card AND c."agent_id" IN (p_giver, p_taker)
    ORDER BY c."agent_id" FOR UPDATE
  ), "state" AS (
    SELECT count(*) = 2 AND (NOT p_require_open OR bool_and(l."enabled")) AS "open",
      coalesce(max(l."balance") FILTER (WHERE l."agent_id" = p_giver), 0)::bigint AS "held"
    FROM "locked" l
  ), "given" AS (
    UPDATE "agent_cards" c SET "balance" = c."balance" - p_quantity
    WHERE c."card_type" = p_card AND c."agent_id" = p_giver AND c."balance" >= p_quantity
      AND (SELECT s."open" FROM "state" s)
    RETURNING c."balance"
  ), "taken" AS (
    UPDATE "agent_cards" c SET "balance" = c."balance" + p_quantity
    WHERE c."card_type" = p_card AND c."agent_id" = p_taker AND EXISTS (SELECT 1 FROM "given")
    RETURNING c."balance"
  ), "ledger" AS (
    INSERT INTO "card_ledger" ("kind", "card_type", "quantity", "from_agent_id", "to_agent_id")
    SELECT p_kind, p_card, p_quantity, p_giver, p_taker FROM "given"
  ), "notice" AS (
    INSERT INTO "notices" ("agent_id", "type", "card_type", "quantity", "from_agent_id", "from_agent_name",
      "to_agent_id", "to_agent_name")
    SELECT p_notice_agent, p_notice_type, p_card, p_quantity, p_from_id, p_from_name, p_to_id, p_to_name
    FROM "given"
  )
  SELECT s."open", s."held", (SELECT g."balance" FROM "given" g), (SELECT t."balance" FROM "taken" t)
  FROM "state" s;
END $$;
