-- UNLOGGED is a hand edit (drizzle-kit has no option for it): counters need no write-ahead log, and a crash only resets them (docs/decisions/025).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
