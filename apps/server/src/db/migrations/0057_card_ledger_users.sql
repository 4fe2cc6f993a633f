-- The users a 'consume' row of the card ledger charged (terminals created or renewed), their SSID and name
-- as they were at the move, written in the ledger row's transaction. Rows from before this migration have
-- none: which terminals they paid for was not kept, and the screens say so.
CREATE TABLE "card_ledger_users" (
	"ledger_id" bigint NOT NULL,
	"terminal_id" integer NOT NULL,
	"ssid" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "card_ledger_users_ledger_id_terminal_id_pk" PRIMARY KEY("ledger_id","terminal_id")
);
--> statement-breakpoint
ALTER TABLE "card_ledger_users" ADD CONSTRAINT "card_ledger_users_ledger_id_card_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."card_ledger"("id") ON DELETE cascade ON UPDATE no action;
