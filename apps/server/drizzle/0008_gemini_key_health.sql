ALTER TABLE "gemini_keys" ADD COLUMN "invalid_reason" text;--> statement-breakpoint
ALTER TABLE "gemini_keys" ADD COLUMN "invalid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gemini_keys" ADD COLUMN "fail_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gemini_keys" ADD COLUMN "rate_limited_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gemini_keys" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gemini_keys" ADD COLUMN "check_error" text;--> statement-breakpoint
ALTER TABLE "gemini_keys" ADD COLUMN "models" jsonb;