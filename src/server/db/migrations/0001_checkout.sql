CREATE TABLE "demo_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"metadata" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "demo_payments_amount_positive" CHECK ("demo_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "pending_checkouts" ADD COLUMN "special_instructions" text;