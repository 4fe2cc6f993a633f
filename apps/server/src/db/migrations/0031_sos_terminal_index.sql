-- A page of the fleet map asks for each of its terminals whether it has an open SOS: on this index alone,
-- where the company's index would read its open alarms once per row (or all of them once per page).
CREATE INDEX "sos_terminal_status" ON "sos_records" USING btree ("terminal_id","status");
