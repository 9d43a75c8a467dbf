ALTER TABLE "orders" ADD COLUMN "delivered_email_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_delivered_email_due_idx" ON "orders" USING btree ("delivered_at") WHERE "orders"."delivery_status" = 'delivered' and "orders"."delivered_email_at" is null;--> statement-breakpoint
-- orders delivered before this migration had their customer told at the tap
UPDATE "orders" SET "delivered_email_at" = coalesce("delivered_at", "updated_at") WHERE "delivery_status" = 'delivered';--> statement-breakpoint
-- a delivered time belongs to an order that is delivered: one moved back from it has none
UPDATE "orders" SET "delivered_at" = NULL, "delivery_note" = NULL WHERE "delivery_status" <> 'delivered' AND "delivered_at" IS NOT NULL;
