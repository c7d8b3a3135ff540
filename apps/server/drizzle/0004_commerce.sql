CREATE TABLE "paypal_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"client_secret" text DEFAULT '' NOT NULL,
	"mode" text DEFAULT 'sandbox' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"enable_paypal" boolean DEFAULT true NOT NULL,
	"button_styles" jsonb DEFAULT '{"layout":"vertical","color":"blue","shape":"rect","label":"paypal"}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paypal_settings_single_row" CHECK ("paypal_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "paypal_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "item_orders_user_idx" ON "item_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "package_orders_user_idx" ON "package_orders" USING btree ("user_id","created_at");