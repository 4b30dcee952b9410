-- Older duplicates (none are expected: sends to one receiver were serialised by the pair's lock) are read, the newest kept.
UPDATE "notifications" AS "older" SET "read" = true
WHERE "older"."type" = 'message' AND "older"."read" = false AND EXISTS (
  SELECT 1 FROM "notifications" AS "newer"
  WHERE "newer"."type" = 'message' AND "newer"."read" = false
    AND "newer"."user_id" = "older"."user_id" AND "newer"."related_id" = "older"."related_id"
    AND ("newer"."created_at", "newer"."id") > ("older"."created_at", "older"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_message_idx" ON "notifications" USING btree ("user_id","related_id") WHERE "notifications"."type" = 'message' AND "notifications"."read" = false;--> statement-breakpoint
-- The pair's block lock (the key blocks' lockPair takes), then who blocked whom between the two.
-- VOLATILE: its query reads with a snapshot taken after the lock is held, so a block committed
-- while this waited is seen, though the statement calling it began before that commit.
-- Names qualified: pg_restore runs with an empty search_path (see 0018's place_point).
CREATE FUNCTION "blocks_after_pair_lock"("lock_key" text, "member" uuid, "other" uuid) RETURNS uuid[] LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  "blockers" uuid[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended("lock_key", 0));
  SELECT coalesce(array_agg("blocker_id"), '{}') INTO "blockers" FROM "public"."blocks"
  WHERE ("blocker_id" = "member" AND "blocked_id" = "other") OR ("blocker_id" = "other" AND "blocked_id" = "member");
  RETURN "blockers";
END;
$$;
