CREATE TABLE "generation_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text DEFAULT 'generate' NOT NULL,
	"parent_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'uploading' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"email_type" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"uploads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thumbnails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variant_group" uuid,
	"variant_index" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"credit" integer DEFAULT 1 NOT NULL,
	"charged" boolean DEFAULT true NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"error_code" text,
	"error_message" text,
	"preview" text,
	"template_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "score" integer;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "score_parts" jsonb;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "repaired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "thumbnail_url" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "mjml" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "variant_group" uuid;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_parent_id_generations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_jobs_user_idx" ON "generation_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "generation_jobs_runnable_idx" ON "generation_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "generations_parent_idx" ON "generations" USING btree ("parent_id");