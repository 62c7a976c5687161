-- btree_gin lets one GIN index hold the seller id beside the name's trigrams; it ships with PostgreSQL.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TYPE "public"."comment_author_kind" AS ENUM('buyer', 'seller');--> statement-breakpoint
CREATE TABLE "blip_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"blip_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_kind" "comment_author_kind" NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"video_key" text NOT NULL,
	"video_mime" text NOT NULL,
	"poster_key" text,
	"caption" text DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_statistics" (
	"seller_id" uuid NOT NULL,
	"status" "product_status" NOT NULL,
	"product_count" bigint DEFAULT 0 NOT NULL,
	"stock_value_kobo" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "product_statistics_seller_id_status_pk" PRIMARY KEY("seller_id","status")
);
--> statement-breakpoint
DROP INDEX "products_seller_created_idx";--> statement-breakpoint
DROP INDEX "products_seller_price_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_seller_status_created_idx";--> statement-breakpoint
ALTER TABLE "blip_comments" ADD CONSTRAINT "blip_comments_blip_id_blips_id_fk" FOREIGN KEY ("blip_id") REFERENCES "public"."blips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blip_comments" ADD CONSTRAINT "blip_comments_parent_id_blip_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."blip_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blips" ADD CONSTRAINT "blips_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blips" ADD CONSTRAINT "blips_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_statistics" ADD CONSTRAINT "product_statistics_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blip_comments_top_level_idx" ON "blip_comments" USING btree ("blip_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "blip_comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "blip_comments_parent_idx" ON "blip_comments" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "blips_seller_created_idx" ON "blips" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blips_product_idx" ON "blips" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_seller_name_trgm_idx" ON "products" USING gin ("seller_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_seller_auction_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active' and jsonb_typeof("products"."sale_type" -> 'auction') = 'object';--> statement-breakpoint
CREATE INDEX "products_seller_status_created_idx" ON "products" USING btree ("seller_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Written by hand (drizzle cannot express INCLUDE): each list sort has an index that also carries
-- the filter columns, so a page at any offset is found in the index alone, without table reads.
CREATE INDEX "products_seller_created_idx" ON "products" USING btree ("seller_id", "created_at" DESC, "id" DESC) INCLUDE ("status", "category_id", "price_kobo");--> statement-breakpoint
CREATE INDEX "products_seller_price_idx" ON "products" USING btree ("seller_id", "price_kobo", "id") INCLUDE ("status", "category_id");--> statement-breakpoint
CREATE INDEX "products_seller_name_idx" ON "products" USING btree ("seller_id", lower("name"), "id") INCLUDE ("name", "status", "category_id", "price_kobo");--> statement-breakpoint
-- product_statistics follows every change to products, one statement at a time (transition
-- tables), so a bulk insert of 100,000 products adds one row per status, not 100,000 updates.
CREATE FUNCTION "product_statistics_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_statistics" AS s ("seller_id", "status", "product_count", "stock_value_kobo")
  SELECT "seller_id", "status", count(*), sum("price_kobo"::numeric * "stock")
  FROM "new_rows" GROUP BY "seller_id", "status" ORDER BY "seller_id", "status"
  ON CONFLICT ("seller_id", "status") DO UPDATE
    SET "product_count" = s."product_count" + EXCLUDED."product_count",
        "stock_value_kobo" = s."stock_value_kobo" + EXCLUDED."stock_value_kobo";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_statistics_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_statistics" AS s
  SET "product_count" = s."product_count" - d."n", "stock_value_kobo" = s."stock_value_kobo" - d."v"
  FROM (
    SELECT "seller_id", "status", count(*) AS "n", sum("price_kobo"::numeric * "stock") AS "v"
    FROM "old_rows" GROUP BY "seller_id", "status" ORDER BY "seller_id", "status"
  ) AS d
  WHERE s."seller_id" = d."seller_id" AND s."status" = d."status";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_statistics_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The difference per seller and status, so rows whose counted columns did not change cost nothing.
  INSERT INTO "product_statistics" AS s ("seller_id", "status", "product_count", "stock_value_kobo")
  SELECT "seller_id", "status", sum("n"), sum("v") FROM (
    SELECT "seller_id", "status", 1 AS "n", "price_kobo"::numeric * "stock" AS "v" FROM "new_rows"
    UNION ALL
    SELECT "seller_id", "status", -1, -("price_kobo"::numeric * "stock") FROM "old_rows"
  ) AS d
  GROUP BY "seller_id", "status"
  HAVING sum("n") <> 0 OR sum("v") <> 0
  ORDER BY "seller_id", "status"
  ON CONFLICT ("seller_id", "status") DO UPDATE
    SET "product_count" = s."product_count" + EXCLUDED."product_count",
        "stock_value_kobo" = s."stock_value_kobo" + EXCLUDED."stock_value_kobo";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_statistics_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_statistics_add"();--> statement-breakpoint
CREATE TRIGGER "products_statistics_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_statistics_remove"();--> statement-breakpoint
CREATE TRIGGER "products_statistics_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_statistics_change"();--> statement-breakpoint
INSERT INTO "product_statistics" ("seller_id", "status", "product_count", "stock_value_kobo")
SELECT "seller_id", "status", count(*), sum("price_kobo"::numeric * "stock") FROM "products" GROUP BY "seller_id", "status";
