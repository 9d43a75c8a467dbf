CREATE TABLE "subscription_items" (
	"subscription_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"custom_selections" jsonb,
	CONSTRAINT "subscription_items_subscription_id_product_id_pk" PRIMARY KEY("subscription_id","product_id"),
	CONSTRAINT "subscription_items_quantity_check" CHECK ("subscription_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "subscription_skips" (
	"subscription_id" uuid NOT NULL,
	"saturday" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_skips_subscription_id_saturday_pk" PRIMARY KEY("subscription_id","saturday")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"frequency_weeks" integer NOT NULL,
	"first_saturday" date NOT NULL,
	"payment_method_id" text NOT NULL,
	"paused_until" date,
	"cancelled_at" timestamp with time zone,
	"last_saturday" date,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_frequency_check" CHECK ("subscriptions"."frequency_weeks" in (1, 2)),
	CONSTRAINT "subscriptions_first_saturday_check" CHECK (extract(isodow from "subscriptions"."first_saturday") = 6)
);
--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_items" ADD CONSTRAINT "subscription_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_skips" ADD CONSTRAINT "subscription_skips_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");