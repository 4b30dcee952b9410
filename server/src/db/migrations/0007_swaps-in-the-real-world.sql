ALTER TABLE "proposals" DROP CONSTRAINT "proposals_status_known";--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "offered_by" uuid;--> statement-breakpoint
UPDATE "proposals" SET "offered_by" = "sender_id";--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "offered_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "countered_from_id" uuid;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "handover_place" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "handover_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "sender_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "receiver_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_countered_from_id_proposals_id_fk" FOREIGN KEY ("countered_from_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_countered_from_idx" ON "proposals" USING btree ("countered_from_id");--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_offered_by_a_side" CHECK ("proposals"."offered_by" IN ("proposals"."sender_id", "proposals"."receiver_id"));--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_status_known" CHECK ("proposals"."status" IN ('pending', 'accepted', 'declined', 'cancelled', 'countered'));