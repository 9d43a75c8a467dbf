CREATE TABLE "demo_payment_operations" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "email_outbox_status_valid" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job" text NOT NULL,
	"run_key" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"detail" text,
	CONSTRAINT "job_runs_status_valid" CHECK ("job_runs"."status" in ('running', 'finished', 'failed', 'interrupted'))
);
--> statement-breakpoint
CREATE TABLE "order_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text DEFAULT 'change' NOT NULL,
	"base_version" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"coupon_id" uuid,
	"promo_code" text,
	"subtotal" numeric(10, 2) NOT NULL,
	"discount_amount" numeric(10, 2) NOT NULL,
	"delivery_fee" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"delivery_info" jsonb,
	"special_instructions" text,
	"changes_instructions" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_changes_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "order_changes_status_valid" CHECK ("order_changes"."status" in ('pending', 'applied', 'refused', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"actor_email" text,
	"summary" text NOT NULL,
	"old_total" numeric(10, 2),
	"new_total" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind_valid" CHECK ("order_events"."kind" in ('placed', 'changed', 'cancelled', 'captured', 'capture_failed', 'paid_again', 'refunded', 'coupon_dropped')),
	CONSTRAINT "order_events_actor_valid" CHECK ("order_events"."actor" in ('customer', 'staff', 'shop'))
);
--> statement-breakpoint
CREATE TABLE "payment_operations" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"reason" text,
	"requested_by_email" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payment_operations_kind_valid" CHECK ("payment_operations"."kind" in ('capture', 'void', 'refund')),
	CONSTRAINT "payment_operations_status_valid" CHECK ("payment_operations"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payment_operations_amount_not_negative" CHECK ("payment_operations"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "amount_received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'authorized' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "current_payment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "authorized_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "captured_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
-- orders placed before this migration were charged in full at checkout: they stand captured
UPDATE "orders" SET "payment_status" = 'captured', "current_payment_id" = "payment_intent_id", "authorized_amount" = "total", "authorized_at" = "created_at", "captured_amount" = "total", "captured_at" = "created_at";--> statement-breakpoint
ALTER TABLE "demo_payment_operations" ADD CONSTRAINT "demo_payment_operations_payment_id_demo_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."demo_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_status_created_idx" ON "email_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "job_runs_job_started_idx" ON "job_runs" USING btree ("job","started_at");--> statement-breakpoint
CREATE INDEX "order_changes_order_idx" ON "order_changes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_changes_status_created_idx" ON "order_changes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_operations_order_idx" ON "payment_operations" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_payment_status_delivery_idx" ON "orders" USING btree ("payment_status","delivery_date");--> statement-breakpoint
ALTER TABLE "demo_payments" ADD CONSTRAINT "demo_payments_amounts_in_order" CHECK ("demo_payments"."amount_received" between 0 and "demo_payments"."amount" and "demo_payments"."amount_refunded" between 0 and "demo_payments"."amount_received");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_valid" CHECK ("orders"."payment_status" in ('authorized', 'captured', 'payment_failed', 'voided', 'refunded', 'partially_refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_amounts_valid" CHECK ("orders"."authorized_amount" >= 0 and "orders"."captured_amount" >= 0 and "orders"."refunded_amount" >= 0 and "orders"."refunded_amount" <= "orders"."captured_amount");