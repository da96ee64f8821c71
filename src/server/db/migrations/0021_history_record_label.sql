-- Issue 32: each history entry names its record as people call it, as it was when the entry was written.
ALTER TABLE "record_history" ADD COLUMN "record_label" text;