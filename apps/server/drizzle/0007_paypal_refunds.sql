ALTER TABLE "user" DROP CONSTRAINT "user_balance_not_negative";--> statement-breakpoint
ALTER TABLE "item_orders" ADD COLUMN "capture_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_orders" ADD COLUMN "refunded_amount" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "package_orders" ADD COLUMN "capture_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "package_orders" ADD COLUMN "refunded_amount" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "package_orders" ADD COLUMN "credits_reversed" integer DEFAULT 0 NOT NULL;