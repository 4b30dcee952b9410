-- Issue 17: listings and profiles written before places keep their text; a job matches each to a gazetteer
-- town where its text names one (modules/places/backfill.ts). Queued here so it runs once per database.
INSERT INTO "jobs" ("kind", "payload", "max_attempts") VALUES ('places.match-text', '{}'::jsonb, 8);
