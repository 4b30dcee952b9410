CREATE TABLE "saved_search_matches" (
	"search_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_search_id_item_id_pk" PRIMARY KEY("search_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"q" text,
	"q_pattern" text GENERATED ALWAYS AS ('%' || replace(replace(replace(q, '\', '\\'), '%', '\%'), '_', '\_') || '%') STORED,
	"category" text,
	"type" text DEFAULT 'all' NOT NULL,
	"min_value" integer,
	"max_value" integer,
	"near_place_id" integer,
	"within_km" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_name_length" CHECK (char_length("saved_searches"."name") BETWEEN 1 AND 80),
	CONSTRAINT "saved_searches_type_known" CHECK ("saved_searches"."type" IN ('all', 'items', 'services')),
	CONSTRAINT "saved_searches_near_with_radius" CHECK (("saved_searches"."near_place_id" IS NULL) = ("saved_searches"."within_km" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_known";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_known";--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_near_place_id_places_id_fk" FOREIGN KEY ("near_place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_item_idx" ON "saved_search_matches" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "saved_searches_owner_idx" ON "saved_searches" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "saved_searches_near_idx" ON "saved_searches" USING btree ("near_place_id") WHERE "saved_searches"."near_place_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_known" CHECK ("notification_preferences"."kind" IN ('proposals', 'messages', 'ratings', 'community', 'savedSearches', 'weekly_summary'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_known" CHECK ("notifications"."type" IN ('message', 'proposal', 'rating', 'system', 'other', 'favourite', 'saved_search'));