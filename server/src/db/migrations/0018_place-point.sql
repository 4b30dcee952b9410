-- earthdistance's ll_to_earth names cube() and earth without a schema. pg_restore builds indexes with an
-- empty search_path, so an index on ll_to_earth cannot be restored ("type earth does not exist").
-- place_point is the same formula with every name qualified; it stays a plain SQL function, so the
-- planner inlines it in queries and the index still matches them.
CREATE FUNCTION "place_point"(latitude double precision, longitude double precision) RETURNS public.earth
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT public.cube(public.cube(public.cube(public.earth() * cos(radians(latitude)) * cos(radians(longitude))), public.earth() * cos(radians(latitude)) * sin(radians(longitude))), public.earth() * sin(radians(latitude)))::public.earth $$;--> statement-breakpoint
DROP INDEX "places_earth_idx";--> statement-breakpoint
CREATE INDEX "places_earth_idx" ON "places" USING gist (place_point("latitude", "longitude"));
