CREATE TABLE "stored_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"kind" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"keep_until" timestamp with time zone,
	"unreferenced_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stored_objects" ADD CONSTRAINT "stored_objects_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_objects_owner_idx" ON "stored_objects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "stored_objects_unreferenced_idx" ON "stored_objects" USING btree ("unreferenced_since");