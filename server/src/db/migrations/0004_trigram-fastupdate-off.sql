DROP INDEX "items_title_trgm_idx";--> statement-breakpoint
DROP INDEX "items_description_trgm_idx";--> statement-breakpoint
CREATE INDEX "items_title_trgm_idx" ON "items" USING gin ("title" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "items_description_trgm_idx" ON "items" USING gin ("description" gin_trgm_ops) WITH (fastupdate=off);