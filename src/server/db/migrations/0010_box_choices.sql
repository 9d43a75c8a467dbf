CREATE TABLE "box_choices" (
	"box_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "box_choices_box_id_product_id_pk" PRIMARY KEY("box_id","product_id"),
	CONSTRAINT "box_choices_not_itself" CHECK ("box_choices"."box_id" <> "box_choices"."product_id")
);
--> statement-breakpoint
ALTER TABLE "box_choices" ADD CONSTRAINT "box_choices_box_id_products_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_choices" ADD CONSTRAINT "box_choices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_choices_product_id_idx" ON "box_choices" USING btree ("product_id");