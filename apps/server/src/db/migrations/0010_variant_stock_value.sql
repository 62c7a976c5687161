-- A product's stock value was its base price times its stock, whatever its variants cost: at ₦15,000
-- with 18 in stock, six of them variants at ₦16,500, the products page said ₦270,000, not ₦279,000.
-- The value is now summed over the units that are sold: each variant without variants below it
-- (the level that holds the stock) times its price, which is its own, else the nearest level's
-- above it, else the product's (a null variant price means "the product's price").
CREATE FUNCTION "product_stock_value_kobo"("price_kobo" bigint, "stock" integer, "variants" jsonb)
RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(jsonb_array_length("variants"), 0) = 0 THEN "price_kobo"::numeric * "stock"
  ELSE coalesce((
    SELECT sum(CASE WHEN coalesce(jsonb_array_length(v -> 'subVariants'), 0) = 0
      THEN coalesce((v ->> 'priceKobo')::numeric, "price_kobo") * (v ->> 'totalStock')::numeric
      ELSE coalesce((
        SELECT sum(CASE WHEN coalesce(jsonb_array_length(s -> 'subSubVariants'), 0) = 0
          THEN coalesce((s ->> 'priceKobo')::numeric, (v ->> 'priceKobo')::numeric, "price_kobo")
               * (s ->> 'stock')::numeric
          ELSE coalesce((
            SELECT sum(coalesce((x ->> 'priceKobo')::numeric, (s ->> 'priceKobo')::numeric,
                                (v ->> 'priceKobo')::numeric, "price_kobo") * (x ->> 'stock')::numeric)
            FROM jsonb_array_elements(s -> 'subSubVariants') AS x), 0)
          END)
        FROM jsonb_array_elements(v -> 'subVariants') AS s), 0)
      END)
    FROM jsonb_array_elements("variants") AS v), 0)
  END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_statistics_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_statistics" AS s ("seller_id", "status", "product_count", "stock_value_kobo")
  SELECT "seller_id", "status", count(*), sum(product_stock_value_kobo("price_kobo", "stock", "variants"))
  FROM "new_rows" GROUP BY "seller_id", "status" ORDER BY "seller_id", "status"
  ON CONFLICT ("seller_id", "status") DO UPDATE
    SET "product_count" = s."product_count" + EXCLUDED."product_count",
        "stock_value_kobo" = s."stock_value_kobo" + EXCLUDED."stock_value_kobo";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_statistics_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_statistics" AS s
  SET "product_count" = s."product_count" - d."n", "stock_value_kobo" = s."stock_value_kobo" - d."v"
  FROM (
    SELECT "seller_id", "status", count(*) AS "n",
           sum(product_stock_value_kobo("price_kobo", "stock", "variants")) AS "v"
    FROM "old_rows" GROUP BY "seller_id", "status" ORDER BY "seller_id", "status"
  ) AS d
  WHERE s."seller_id" = d."seller_id" AND s."status" = d."status";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_statistics_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The difference per seller and status, so rows whose counted columns did not change cost nothing.
  INSERT INTO "product_statistics" AS s ("seller_id", "status", "product_count", "stock_value_kobo")
  SELECT "seller_id", "status", sum("n"), sum("v") FROM (
    SELECT "seller_id", "status", 1 AS "n", product_stock_value_kobo("price_kobo", "stock", "variants") AS "v"
    FROM "new_rows"
    UNION ALL
    SELECT "seller_id", "status", -1, -product_stock_value_kobo("price_kobo", "stock", "variants")
    FROM "old_rows"
  ) AS d
  GROUP BY "seller_id", "status"
  HAVING sum("n") <> 0 OR sum("v") <> 0
  ORDER BY "seller_id", "status"
  ON CONFLICT ("seller_id", "status") DO UPDATE
    SET "product_count" = s."product_count" + EXCLUDED."product_count",
        "stock_value_kobo" = s."stock_value_kobo" + EXCLUDED."stock_value_kobo";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Existing rows are valued again the new way; products are held still meanwhile, so no write of
-- another node lands between the sum and its row.
LOCK TABLE "products" IN SHARE MODE;--> statement-breakpoint
UPDATE "product_statistics" AS s
SET "stock_value_kobo" = coalesce((
  SELECT sum(product_stock_value_kobo(p."price_kobo", p."stock", p."variants"))
  FROM "products" AS p WHERE p."seller_id" = s."seller_id" AND p."status" = s."status"
), 0);
