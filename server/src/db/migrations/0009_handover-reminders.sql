ALTER TABLE "proposals" ADD COLUMN "sender_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "receiver_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "proposals_open_handover_idx" ON "proposals" USING btree ("resolved_at") WHERE "proposals"."status" = 'accepted' AND "proposals"."completed_at" IS NULL;