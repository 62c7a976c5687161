-- hand-written
-- Issue 19 (docs/cold-path.md). Each product as the API answers it (the contract's `productSchema`,
-- what product-view.ts's toProduct makes of a row), as JSON text kept on the row: the products
-- lists send these texts as they are, so a cold list page neither builds ten JSON objects of twenty
-- columns and looks up twenty category names in PostgreSQL, nor parses, maps, checks and writes
-- them again in the server. Kept by a row trigger on every insert and update of a product (a sale
-- that takes stock included) and by a statement trigger when a category or sub-category is renamed.
-- Not in the drizzle schema: only the lists read it, so no other query carries it.
ALTER TABLE "products" ADD COLUMN "answer_json" text;--> statement-breakpoint
-- Kobo as naira, as JavaScript's kobo / 100 is: the same IEEE division, and PostgreSQL writes a
-- float8 in its shortest exact form, as JSON.stringify does.
CREATE FUNCTION "kobo_naira"("kobo" bigint) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN "kobo"::float8 / 100;--> statement-breakpoint
-- An instant as JavaScript's toISOString writes it: UTC, milliseconds (cut, as a Date keeps them), Z.
CREATE FUNCTION "iso_instant"("at" timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_char("at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');--> statement-breakpoint
-- The lowest and highest price a buyer can pay (product-view.ts, priceRangeKobo): every variant
-- that holds stock (the deepest level) at its own price, else the nearest level's above it, else
-- the product's; the product's own price when it has no variants.
CREATE FUNCTION "product_price_range"("price_kobo" bigint, "variants" jsonb) RETURNS json
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT json_build_object('min', "kobo_naira"(coalesce(min(l.kobo), "price_kobo")),
                             'max', "kobo_naira"(coalesce(max(l.kobo), "price_kobo")))
    FROM (
      SELECT coalesce((v ->> 'priceKobo')::bigint, "price_kobo") AS kobo
      FROM jsonb_array_elements("variants") AS v
      WHERE jsonb_array_length(v -> 'subVariants') = 0
      UNION ALL
      SELECT coalesce((s ->> 'priceKobo')::bigint, (v ->> 'priceKobo')::bigint, "price_kobo")
      FROM jsonb_array_elements("variants") AS v, jsonb_array_elements(v -> 'subVariants') AS s
      WHERE jsonb_array_length(s -> 'subSubVariants') = 0
      UNION ALL
      SELECT coalesce((x ->> 'priceKobo')::bigint, (s ->> 'priceKobo')::bigint, (v ->> 'priceKobo')::bigint, "price_kobo")
      FROM jsonb_array_elements("variants") AS v, jsonb_array_elements(v -> 'subVariants') AS s,
           jsonb_array_elements(s -> 'subSubVariants') AS x
    ) l);--> statement-breakpoint
-- The variants with their prices in naira, in their stored order, each level's fields as the
-- contract names them.
CREATE FUNCTION "product_variants_answer"("variants" jsonb) RETURNS json
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce((
    SELECT json_agg(json_build_object(
      'name', v -> 'name', 'value', v -> 'value', 'price', "kobo_naira"((v ->> 'priceKobo')::bigint),
      'totalStock', v -> 'totalStock', 'images', v -> 'images',
      'subVariants', coalesce((
        SELECT json_agg(json_build_object(
          'name', s -> 'name', 'value', s -> 'value', 'price', "kobo_naira"((s ->> 'priceKobo')::bigint),
          'stock', s -> 'stock', 'images', s -> 'images',
          'subSubVariants', coalesce((
            SELECT json_agg(json_build_object(
              'name', x -> 'name', 'value', x -> 'value', 'price', "kobo_naira"((x ->> 'priceKobo')::bigint),
              'stock', x -> 'stock', 'sku', x -> 'sku', 'images', x -> 'images') ORDER BY xi)
            FROM jsonb_array_elements(s -> 'subSubVariants') WITH ORDINALITY AS xs(x, xi)), '[]'::json)
        ) ORDER BY si)
        FROM jsonb_array_elements(v -> 'subVariants') WITH ORDINALITY AS ss(s, si)), '[]'::json)
    ) ORDER BY vi)
    FROM jsonb_array_elements("variants") WITH ORDINALITY AS vs(v, vi)), '[]'::json);--> statement-breakpoint
-- JSON text without the spaces PostgreSQL writes between a key and its value and after each comma
-- (`{"a" : 1, "b" : [1, 2]}`), as JSON.stringify writes it: each string is matched whole and kept,
-- and any other white space is dropped. A page of ten products is a fifth smaller.
CREATE FUNCTION "json_compact"("json" text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace("json", '("(?:[^"\\]|\\.)*")|\s+', '\1', 'g');--> statement-breakpoint
CREATE FUNCTION "product_answer_json"("p" "products", "category" text, "sub_category" text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN "json_compact"(json_build_object(
    '_id', p."id", 'sellerId', p."seller_id", 'name', p."name", 'description', p."description",
    'categoryId', p."category_id", 'category', coalesce("category", ''),
    'subCategoryId', p."sub_category_id", 'subCategory', coalesce("sub_category", ''),
    'price', "kobo_naira"(p."price_kobo"),
    'priceRange', "product_price_range"(p."price_kobo", p."variants"),
    'compareAtPrice', "kobo_naira"(p."compare_at_price_kobo"),
    'stock', p."stock", 'condition', p."condition", 'weightKg', p."weight_kg"::float8,
    'dimensionsCm', p."dimensions_cm", 'images', p."images", 'tags', p."tags", 'status', p."status",
    'saleType', json_build_object(
      'buyNow', p."sale_type" -> 'buyNow',
      'auction', CASE WHEN jsonb_typeof(p."sale_type" -> 'auction') = 'object' THEN
        (jsonb_build_object('startingBid', "kobo_naira"((p."sale_type" -> 'auction' ->> 'startingBidKobo')::bigint))
         || CASE WHEN p."sale_type" -> 'auction' ? 'reservePriceKobo'
              THEN jsonb_build_object('reservePrice',
                     "kobo_naira"(coalesce((p."sale_type" -> 'auction' ->> 'reservePriceKobo')::bigint, 0)))
              ELSE '{}'::jsonb END)::json
      END),
    'options', p."options", 'variants', "product_variants_answer"(p."variants"),
    'createdAt', "iso_instant"(p."created_at"), 'updatedAt', "iso_instant"(p."updated_at")
  )::text);--> statement-breakpoint
CREATE FUNCTION "products_answer_json_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."answer_json" := "product_answer_json"(NEW,
    (SELECT c."name" FROM "categories" c WHERE c."id" = NEW."category_id"),
    (SELECT s."name" FROM "sub_categories" s WHERE s."id" = NEW."sub_category_id"));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_answer_json" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_answer_json_keep"();--> statement-breakpoint
-- A renamed category or sub-category: its products are written again (the row trigger above
-- makes their text; updated_at is left as it is).
CREATE FUNCTION "products_answer_json_category_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" p SET "answer_json" = NULL
  FROM (SELECT n."id" FROM "new_rows" n JOIN "old_rows" o USING ("id") WHERE n."name" IS DISTINCT FROM o."name") r
  WHERE p."category_id" = r."id" OR p."sub_category_id" = r."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "categories_answer_json" AFTER UPDATE ON "categories"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_answer_json_category_renamed"();--> statement-breakpoint
CREATE TRIGGER "sub_categories_answer_json" AFTER UPDATE ON "sub_categories"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_answer_json_category_renamed"();--> statement-breakpoint
UPDATE "products" SET "answer_json" = NULL;
