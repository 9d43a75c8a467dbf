-- A product's farm becomes a producer row. Every product is kept: a farm_source that names no
-- producer (ignoring case) gets a producer of its own, inactive, with placeholder text for an
-- admin to complete, and every product is then linked to its producer by name.
ALTER TABLE "producers" DROP CONSTRAINT "producers_name_unique";--> statement-breakpoint
DROP INDEX "products_farm_source_lower_idx";--> statement-breakpoint
ALTER TABLE "producers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "producers" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "producers_name_lower_unique" ON "producers" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "producers" ADD CONSTRAINT "producers_slug_format" CHECK ("producers"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "producer_id" uuid;--> statement-breakpoint
UPDATE "products"
SET "farm_source" = coalesce(nullif(regexp_replace("farm_source", '^\s+|\s+$', '', 'g'), ''), 'Unknown producer')
WHERE "farm_source" IS DISTINCT FROM coalesce(nullif(regexp_replace("farm_source", '^\s+|\s+$', '', 'g'), ''), 'Unknown producer');--> statement-breakpoint
-- one producer per farm name ignoring case, spelled as most of its products spell it; the slug
-- as the shop makes it (producerSlugFromName): lower case, each run of other characters a
-- hyphen, with a suffix from the name when that slug is taken
WITH "unknown_farms" AS (
	SELECT DISTINCT ON (lower("farm_source")) "farm_source" AS "name"
	FROM "products"
	WHERE NOT EXISTS (
		SELECT 1 FROM "producers" WHERE lower("producers"."name") = lower("products"."farm_source")
	)
	GROUP BY "farm_source"
	ORDER BY lower("farm_source"), count(*) DESC, "farm_source"
), "slugged" AS (
	SELECT
		"name",
		coalesce(nullif(btrim(regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g'), '-'), ''), 'producer') AS "base",
		row_number() OVER (ORDER BY lower("name")) AS "position"
	FROM "unknown_farms"
), "numbered" AS (
	SELECT *, row_number() OVER (PARTITION BY "base" ORDER BY lower("name")) AS "nth"
	FROM "slugged"
)
INSERT INTO "producers" ("slug", "name", "location", "distance", "established", "description", "story", "availability", "active", "sort_order")
SELECT
	CASE
		WHEN "nth" = 1 AND NOT EXISTS (SELECT 1 FROM "producers" WHERE "producers"."slug" = "numbered"."base") THEN "base"
		ELSE "base" || '-' || substr(md5(lower("name")), 1, 8)
	END,
	"name",
	'Greater Houston, Texas',
	'Within 75 miles of Houston',
	'Year to be confirmed',
	"name" || ' supplies products to the shop. Their profile is still being written.',
	'The story of ' || "name" || ' is coming soon.',
	'To be confirmed',
	false,
	(SELECT coalesce(max("sort_order"), -1) FROM "producers") + "position"
FROM "numbered";--> statement-breakpoint
UPDATE "products"
SET "producer_id" = "producers"."id"
FROM "producers"
WHERE lower("producers"."name") = lower("products"."farm_source");--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "producer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_producer_id_idx" ON "products" USING btree ("producer_id");--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "farm_source";
