ALTER TABLE "gemini_keys" ADD COLUMN "provider" text DEFAULT 'gemini' NOT NULL;--> statement-breakpoint
ALTER TABLE "gemini_keys" ADD COLUMN "base_url" text;--> statement-breakpoint
ALTER TABLE "gemini_keys" ADD COLUMN "model" text;