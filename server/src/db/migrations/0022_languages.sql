ALTER TABLE "community_settings" ADD COLUMN "default_locale" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "title_message" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "description_message" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "community_settings" ADD CONSTRAINT "community_settings_default_locale_known" CHECK ("community_settings"."default_locale" IN ('en', 'es', 'de'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_known" CHECK ("users"."locale" IN ('en', 'es', 'de'));