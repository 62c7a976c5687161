CREATE TABLE "product_search_vocabulary" (
	"seller_id" uuid NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"product_count" integer NOT NULL,
	CONSTRAINT "product_search_vocabulary_seller_id_word_pk" PRIMARY KEY("seller_id","word")
);
--> statement-breakpoint
CREATE TABLE "product_search_words" (
	"seller_id" uuid NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"product_id" uuid NOT NULL,
	"status" "product_status" NOT NULL,
	"price_kobo" bigint NOT NULL,
	"category_id" uuid NOT NULL,
	"words" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search_vocabulary" ADD CONSTRAINT "product_search_vocabulary_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Issue 19 (docs/cold-path.md). The products' word index: each product's name split into the words
-- of the word search (the lexemes of to_tsvector('simple', name), exactly those product_search_vector
-- holds, migration 0028), one row per product and word, in list order per seller and word: newest
-- (or oldest) first, and by price. A searched page is then read from the range of the search's
-- rarest word, its other words tested on each entry, and stops a few pages past the page shown,
-- instead of finding every match in the GIN index and reading each from the table to sort and
-- count them. The vocabulary counts each word's products so the rarest can be chosen.
CREATE FUNCTION "product_name_words"("name" text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN tsvector_to_array(to_tsvector('simple'::regconfig, "name"));--> statement-breakpoint
CREATE INDEX "product_search_words_created_idx" ON "product_search_words"
  ("seller_id", "word", "created_at", "product_id") INCLUDE ("status", "price_kobo", "category_id", "words");--> statement-breakpoint
CREATE INDEX "product_search_words_price_idx" ON "product_search_words"
  ("seller_id", "word", "price_kobo", "product_id") INCLUDE ("status", "category_id", "words");--> statement-breakpoint
-- A word's range is read in order and stopped at the page's cap. The planner's one-word estimate
-- comes from the number of distinct words, most of them a single product's (its number, a rare
-- word); at a few rows per word it judged sorting a whole range as cheap as reading it in order and
-- sorted the 5,000 products of a common word. Distinct words as a thousandth of the rows: a word
-- is planned as a range worth reading in order.
ALTER TABLE "product_search_words" ALTER COLUMN "word" SET (n_distinct = -0.001);--> statement-breakpoint
-- Adds each word's change in products (a delta per seller and word) to the vocabulary, in key
-- order (so two statements never wait on each other's rows crosswise); a word left with no product
-- is removed.
CREATE FUNCTION "product_search_vocabulary_apply"("p_sellers" uuid[], "p_words" text[], "p_deltas" int[])
  RETURNS int LANGUAGE sql AS $$
  INSERT INTO "product_search_vocabulary" AS v ("seller_id", "word", "product_count")
  SELECT s, w, d FROM unnest("p_sellers", "p_words", "p_deltas") AS c(s, w, d) ORDER BY 1, 2
  ON CONFLICT ("seller_id", "word") DO UPDATE SET "product_count" = v."product_count" + excluded."product_count";
  DELETE FROM "product_search_vocabulary" v
  USING unnest("p_sellers", "p_words") AS c(s, w)
  WHERE v."seller_id" = c.s AND v."word" = c.w AND v."product_count" <= 0;
  SELECT cardinality("p_words");
$$;--> statement-breakpoint
-- The rows (seller, word, key, product, what is filtered) of a statement's products.
CREATE FUNCTION "product_search_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search_words"
    ("seller_id", "word", "created_at", "product_id", "status", "price_kobo", "category_id", "words")
  SELECT n."seller_id", w, n."created_at", n."id", n."status", n."price_kobo", n."category_id",
         "product_name_words"(n."name")
  FROM "new_rows" n, unnest("product_name_words"(n."name")) AS w;
  PERFORM "product_search_vocabulary_apply"(array_agg(c.s), array_agg(c.w), array_agg(c.n))
  FROM (SELECT n."seller_id" AS s, w, count(*)::int AS n
        FROM "new_rows" n, unnest("product_name_words"(n."name")) AS w GROUP BY 1, 2) c
  HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_search_words_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "product_search_words" x
  USING "old_rows" o, unnest("product_name_words"(o."name")) AS w
  WHERE x."seller_id" = o."seller_id" AND x."word" = w AND x."created_at" = o."created_at"
    AND x."product_id" = o."id";
  PERFORM "product_search_vocabulary_apply"(array_agg(c.s), array_agg(c.w), array_agg(-c.n))
  FROM (SELECT o."seller_id" AS s, w, count(*)::int AS n
        FROM "old_rows" o, unnest("product_name_words"(o."name")) AS w GROUP BY 1, 2) c
  HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The old rows' entries less the new rows' are removed, the new less the old added (as the orders'
-- word index does, migration 0033: no join of the two transition tables, whose plan PL/pgSQL keeps
-- from the first call): a sale that takes stock writes nothing, a renamed product moves its words,
-- a status or price change rewrites its entries, and the vocabulary gets each word's net change.
-- The removal and the addition are one statement, which sees the table as it was before it (so the
-- removal never meets an entry just added: the entries' index is not unique for that reason).
CREATE FUNCTION "product_search_words_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
BEGIN
  WITH old_keys AS (
    SELECT o."seller_id", w AS "word", o."created_at", o."id", o."status", o."price_kobo", o."category_id",
           "product_name_words"(o."name") AS "words"
    FROM "old_rows" o, unnest("product_name_words"(o."name")) AS w
  ), new_keys AS (
    SELECT n."seller_id", w AS "word", n."created_at", n."id", n."status", n."price_kobo", n."category_id",
           "product_name_words"(n."name") AS "words"
    FROM "new_rows" n, unnest("product_name_words"(n."name")) AS w
  ), gone AS (
    SELECT * FROM old_keys EXCEPT ALL SELECT * FROM new_keys
  ), added AS (
    SELECT * FROM new_keys EXCEPT ALL SELECT * FROM old_keys
  ), removed AS (
    DELETE FROM "product_search_words" x USING gone d
    WHERE x."seller_id" = d."seller_id" AND x."word" = d."word" AND x."created_at" = d."created_at"
      AND x."product_id" = d."id"
  ), inserted AS (
    INSERT INTO "product_search_words"
      ("seller_id", "word", "created_at", "product_id", "status", "price_kobo", "category_id", "words")
    SELECT * FROM added
  )
  SELECT "product_search_vocabulary_apply"(array_agg(c.s), array_agg(c.w), array_agg(c.n)) INTO changed
  FROM (SELECT "seller_id" AS s, "word" AS w, sum(d)::int AS n FROM (
          SELECT "seller_id", "word", -1 AS d FROM gone UNION ALL SELECT "seller_id", "word", 1 FROM added) u
        GROUP BY 1, 2 HAVING sum(d) <> 0) c
  HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_search_words_add"();--> statement-breakpoint
CREATE TRIGGER "products_search_words_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_search_words_remove"();--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_search_words_change"();--> statement-breakpoint
INSERT INTO "product_search_words"
  ("seller_id", "word", "created_at", "product_id", "status", "price_kobo", "category_id", "words")
SELECT p."seller_id", w, p."created_at", p."id", p."status", p."price_kobo", p."category_id", "product_name_words"(p."name")
FROM "products" p, unnest("product_name_words"(p."name")) AS w;--> statement-breakpoint
INSERT INTO "product_search_vocabulary" ("seller_id", "word", "product_count")
SELECT "seller_id", "word", count(*) FROM "product_search_words" GROUP BY 1, 2;
