-- An SOS marked a false alarm by whoever processed it (shown on the SOS list and detail, filtered apart).
ALTER TABLE "sos_records" ADD COLUMN "false_alarm" boolean DEFAULT false NOT NULL;
