CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "places_latitude_range" CHECK ("places"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "places_longitude_range" CHECK ("places"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "place_id" integer;--> statement-breakpoint
CREATE INDEX "places_earth_idx" ON "places" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_available_place_idx" ON "items" USING btree ("place_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "items"."status" = 'available';