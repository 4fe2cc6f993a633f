-- A terminal's audio of the last day is summed at each upload (its daily quota).
CREATE INDEX "recordings_terminal_created" ON "recordings" USING btree ("terminal_id","created_at");
