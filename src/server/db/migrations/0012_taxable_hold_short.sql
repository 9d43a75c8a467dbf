CREATE TABLE "order_item_shortfalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"refund_operation_key" text,
	"created_by" uuid,
	"created_by_email" text NOT NULL,
	"customer_told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_shortfalls_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "order_item_shortfalls_quantity_positive" CHECK ("order_item_shortfalls"."quantity" > 0),
	CONSTRAINT "order_item_shortfalls_amount_not_negative" CHECK ("order_item_shortfalls"."amount" >= 0),
	CONSTRAINT "order_item_shortfalls_reason_valid" CHECK ("order_item_shortfalls"."reason" in ('out_of_stock', 'damaged', 'quality'))
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_valid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_valid";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "taxable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "short_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 825 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_item_shortfalls" ADD CONSTRAINT "order_item_shortfalls_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_shortfalls" ADD CONSTRAINT "order_item_shortfalls_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_shortfalls" ADD CONSTRAINT "order_item_shortfalls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_shortfalls_order_idx" ON "order_item_shortfalls" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_valid" CHECK ("order_events"."kind" in ('placed', 'changed', 'cancelled', 'captured', 'capture_failed', 'paid_again', 'refunded', 'coupon_dropped', 'moved', 'hold_lost', 'refund_failed', 'held', 'released', 'item_short'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_short_quantity_valid" CHECK ("order_items"."short_quantity" >= 0 and "order_items"."short_quantity" <= "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('pending', 'confirmed', 'completed', 'cancelled', 'on_hold'));--> statement-breakpoint
-- every line sold before this migration was taxed: its order keeps the tax it was sold with
UPDATE "order_items" SET "taxable" = true;
