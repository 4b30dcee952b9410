CREATE TABLE "favourites" (
	"member_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_member_id_item_id_pk" PRIMARY KEY("member_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_known";--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_member_newest_idx" ON "favourites" USING btree ("member_id","created_at" DESC NULLS FIRST,"item_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "favourites_item_idx" ON "favourites" USING btree ("item_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_known" CHECK ("notifications"."type" IN ('message', 'proposal', 'system', 'other', 'favourite'));