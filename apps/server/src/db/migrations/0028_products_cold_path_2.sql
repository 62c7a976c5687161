CREATE TABLE "product_created_days" (
	"seller_id" uuid NOT NULL,
	"status" "product_status" NOT NULL,
	"day" date NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_created_days_seller_id_day_status_pk" PRIMARY KEY("seller_id","day","status")
);
--> statement-breakpoint
DROP INDEX "products_seller_search_idx";--> statement-breakpoint
ALTER TABLE "product_created_days" ADD CONSTRAINT "product_created_days_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Issue 19 (docs/cold-path.md). Word search per seller and word: a name's words of the 'simple'
-- configuration, each prefixed with the seller's id (32 hex digits), so an index entry lists one
-- seller's products with one word. The index it replaces, GIN (seller_id, to_tsvector(name)),
-- intersected each word's list with the seller's entry, which lists all of that seller's products.
-- No positions: the list matches words, never phrases.
CREATE FUNCTION product_search_vector(seller uuid, name text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN array_to_tsvector(ARRAY(
    SELECT replace(seller::text, '-', '') || lexeme
    FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, name))) AS lexeme));--> statement-breakpoint
-- The terms the lists send (`royal & ank:*`, letters and digits only) parsed by the parser of the
-- names' side, then each lexeme given the seller's prefix: `'<hex>royal' & '<hex>ank':*`.
CREATE FUNCTION product_search_query(seller uuid, terms text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace(to_tsquery('simple'::regconfig, terms)::text, '''([^'']+)''',
                        '''' || replace(seller::text, '-', '') || '\1''', 'g')::tsquery;--> statement-breakpoint
CREATE INDEX "products_search_words_idx" ON "products" USING gin (product_search_vector("seller_id", "name"));
--> statement-breakpoint
-- product_created_days follows every change to products one statement at a time (transition tables,
-- as product_statistics does): a bulk insert adds one row per seller, day and status. An update that
-- moves no product to another status or day writes nothing.
CREATE FUNCTION "product_created_days_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_created_days" AS d ("seller_id", "day", "status", "product_count")
  SELECT "seller_id", ("created_at" AT TIME ZONE 'UTC')::date, "status", count(*)
  FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("seller_id", "day", "status") DO UPDATE SET "product_count" = d."product_count" + excluded."product_count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_created_days_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_created_days" AS d SET "product_count" = d."product_count" - o."n"
  FROM (
    SELECT "seller_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", "status", count(*) AS "n"
    FROM "old_rows" GROUP BY 1, 2, 3
  ) o
  WHERE d."seller_id" = o."seller_id" AND d."day" = o."day" AND d."status" = o."status";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_created_days_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_created_days" AS d ("seller_id", "day", "status", "product_count")
  SELECT "seller_id", "day", "status", sum("n") FROM (
    SELECT "seller_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", "status", 1 AS "n" FROM "new_rows"
    UNION ALL
    SELECT "seller_id", ("created_at" AT TIME ZONE 'UTC')::date, "status", -1 FROM "old_rows"
  ) c
  GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("seller_id", "day", "status") DO UPDATE SET "product_count" = d."product_count" + excluded."product_count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_created_days_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_created_days_add"();--> statement-breakpoint
CREATE TRIGGER "products_created_days_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_created_days_remove"();--> statement-breakpoint
CREATE TRIGGER "products_created_days_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_created_days_change"();--> statement-breakpoint
INSERT INTO "product_created_days" ("seller_id", "day", "status", "product_count")
SELECT "seller_id", ("created_at" AT TIME ZONE 'UTC')::date, "status", count(*) FROM "products" GROUP BY 1, 2, 3;
