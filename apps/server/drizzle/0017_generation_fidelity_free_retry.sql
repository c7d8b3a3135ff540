ALTER TABLE "generation_jobs" ADD COLUMN "fidelity" jsonb;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "free_retry_job_id" uuid;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "free_retry_of" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "generation_jobs_free_retry_of_idx" ON "generation_jobs" USING btree ("free_retry_of");