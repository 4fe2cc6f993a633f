-- A terminal deleted or moved to another company takes the groups it created with it: those are found on
-- this index instead of reading every group. Only self-created groups have an owner.
CREATE INDEX "groups_owner" ON "groups" USING btree ("owner_terminal_id") WHERE "owner_terminal_id" is not null;
