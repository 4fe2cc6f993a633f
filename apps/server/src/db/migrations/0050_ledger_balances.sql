ALTER TABLE "card_ledger" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "card_ledger" ADD COLUMN "from_balance" integer;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD COLUMN "to_balance" integer;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD COLUMN "operator_role" smallint;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD COLUMN "operator_id" integer;--> statement-breakpoint
-- Rows written before the balances were kept: per agent and card type, a row's balance after is the
-- current balance less what the agent's later rows of that type moved (in id order), once.
WITH sides AS (
  SELECT id, card_type, from_agent_id AS agent_id, -quantity AS delta, true AS is_from
    FROM card_ledger WHERE from_agent_id IS NOT NULL
  UNION ALL
  SELECT id, card_type, to_agent_id, quantity, false
    FROM card_ledger WHERE to_agent_id IS NOT NULL
), after_move AS (
  SELECT s.id, s.is_from,
         c.balance - coalesce(sum(s.delta) OVER (
           PARTITION BY s.agent_id, s.card_type ORDER BY s.id DESC
           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS balance
    FROM sides s
    JOIN agent_cards c ON c.agent_id = s.agent_id AND c.card_type = s.card_type
), per_row AS (
  SELECT id, max(balance) FILTER (WHERE is_from) AS from_balance,
             max(balance) FILTER (WHERE NOT is_from) AS to_balance
    FROM after_move GROUP BY id
)
UPDATE card_ledger l SET from_balance = p.from_balance, to_balance = p.to_balance
  FROM per_row p WHERE p.id = l.id;
