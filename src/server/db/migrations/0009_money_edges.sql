ALTER TABLE "pending_checkouts" DROP CONSTRAINT "pending_checkouts_status_valid";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_valid";--> statement-breakpoint
ALTER TABLE "payment_operations" DROP CONSTRAINT "payment_operations_status_valid";--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "authorization_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_operations_provider_reference_idx" ON "payment_operations" USING btree ("provider_reference") WHERE "payment_operations"."provider_reference" is not null;--> statement-breakpoint
ALTER TABLE "pending_checkouts" ADD CONSTRAINT "pending_checkouts_status_valid" CHECK ("pending_checkouts"."status" in ('pending', 'completed', 'failed', 'abandoned', 'expired'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_valid" CHECK ("order_events"."kind" in ('placed', 'changed', 'cancelled', 'captured', 'capture_failed', 'paid_again', 'refunded', 'coupon_dropped', 'moved', 'hold_lost', 'refund_failed'));--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_status_valid" CHECK ("payment_operations"."status" in ('pending', 'processing', 'succeeded', 'failed'));--> statement-breakpoint
-- holds authorised before this counted their 7 days from the payment's creation
UPDATE "demo_payments" SET "authorized_at" = "created_at" WHERE "status" = 'requires_capture';