CREATE TABLE "swap_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text DEFAULT '' NOT NULL,
	"shortfall" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "swap_problems_reason_known" CHECK ("swap_problems"."reason" IN ('no_show', 'not_as_described', 'other')),
	CONSTRAINT "swap_problems_status_known" CHECK ("swap_problems"."status" IN ('open', 'dismissed', 'reversed')),
	CONSTRAINT "swap_problems_shortfall_non_negative" CHECK ("swap_problems"."shortfall" >= 0)
);
--> statement-breakpoint
ALTER TABLE "point_entries" DROP CONSTRAINT "point_entries_proposal_user_key";--> statement-breakpoint
ALTER TABLE "point_entries" DROP CONSTRAINT "point_entries_reason_known";--> statement-breakpoint
ALTER TABLE "proposals" DROP CONSTRAINT "proposals_status_known";--> statement-breakpoint
ALTER TABLE "point_entries" DROP CONSTRAINT "point_entries_proposal_id_proposals_id_fk";
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_problems" ADD CONSTRAINT "swap_problems_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_problems" ADD CONSTRAINT "swap_problems_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_problems" ADD CONSTRAINT "swap_problems_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_problems_one_open_per_reporter_key" ON "swap_problems" USING btree ("proposal_id","reporter_id") WHERE "swap_problems"."status" = 'open';--> statement-breakpoint
CREATE INDEX "swap_problems_proposal_idx" ON "swap_problems" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "swap_problems_open_newest_idx" ON "swap_problems" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "swap_problems"."status" = 'open';--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_proposal_user_reason_key" UNIQUE("proposal_id","user_id","reason");--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_reason_known" CHECK ("point_entries"."reason" IN ('signup_bonus', 'swap_paid', 'swap_received', 'account_closed', 'swap_reversed'));--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_status_known" CHECK ("proposals"."status" IN ('pending', 'accepted', 'declined', 'cancelled', 'countered', 'reversed'));