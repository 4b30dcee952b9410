ALTER TABLE "conversations" ADD COLUMN "last_message_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
UPDATE "conversations" SET "last_message_kind" = 'text' WHERE "last_message" <> '';--> statement-breakpoint
-- A photo alone or a removed message had its preview stored in one member's language: now said in each reader's.
UPDATE "conversations" AS c SET "last_message_kind" = CASE WHEN m."removed_at" IS NOT NULL THEN 'removed' ELSE 'photo' END, "last_message" = ''
FROM "messages" AS m
WHERE m."id" = (SELECT "id" FROM "messages" WHERE "conversation_id" = c."id" ORDER BY "created_at" DESC, "id" DESC LIMIT 1)
  AND (m."removed_at" IS NOT NULL OR m."text" = '');--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_last_message_kind_known" CHECK ("conversations"."last_message_kind" IN ('none', 'text', 'photo', 'removed'));
