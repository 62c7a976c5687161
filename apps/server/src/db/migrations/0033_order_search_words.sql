CREATE TABLE "order_search_vocabulary" (
	"seller_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "order_search_vocabulary_seller_id_word_pk" PRIMARY KEY("seller_id","word")
);
--> statement-breakpoint
CREATE TABLE "order_search_words" (
	"seller_id" uuid NOT NULL,
	"list_tab" text NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"order_id" uuid NOT NULL,
	CONSTRAINT "order_search_words_pkey" PRIMARY KEY("seller_id","list_tab","word","created_at","order_id")
);
--> statement-breakpoint
ALTER TABLE "order_search_vocabulary" ADD CONSTRAINT "order_search_vocabulary_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Issue 14 (docs/order-lists.md). The Orders search's word index: each order's search text split on
-- spaces into its distinct words, one row per order and word in the list's order per seller, tab and
-- word. A search word is a substring of an order's search text exactly when it is a substring of one
-- of these words (the search's words hold no space), so the substring meaning of the LIKE search is
-- kept by looking the word up in the seller's vocabulary and reading each word found as one range.
CREATE FUNCTION "order_search_tokens"("search_text" text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ARRAY(SELECT DISTINCT w FROM unnest(string_to_array("search_text", ' ')) AS w WHERE w <> '');--> statement-breakpoint
-- The rows of a statement's new orders, and their words in the seller's vocabulary.
CREATE FUNCTION "order_search_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH k AS (
    SELECT n."seller_id", n."list_tab", w AS "word", n."created_at", n."id"
    FROM "new_rows" n, unnest("order_search_tokens"(n."search_text")) AS w
  ), added AS (
    INSERT INTO "order_search_words" ("seller_id", "list_tab", "word", "created_at", "order_id")
    SELECT * FROM k
  )
  INSERT INTO "order_search_vocabulary" ("seller_id", "word")
  SELECT DISTINCT "seller_id", "word" FROM k ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_search_words_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "order_search_words" w
  USING "old_rows" o, unnest("order_search_tokens"(o."search_text")) AS t
  WHERE w."seller_id" = o."seller_id" AND w."list_tab" = o."list_tab" AND w."word" = t
    AND w."created_at" = o."created_at" AND w."order_id" = o."id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- The old rows' keys less the new rows' are removed, the new less the old added: an order whose search
-- text, tab and date stay (a payment) writes nothing, a new line adds its words, a tab change moves
-- every word of the order. No join of the two transition tables: PL/pgSQL keeps the plan of a
-- function's first call, and a join planned for a one-row update (a nested loop) is quadratic for a
-- bulk one; the set differences sort or hash whatever their size.
CREATE FUNCTION "order_search_words_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH old_keys AS (
    SELECT o."seller_id", o."list_tab", w AS "word", o."created_at", o."id"
    FROM "old_rows" o, unnest("order_search_tokens"(o."search_text")) AS w
  ), new_keys AS (
    SELECT n."seller_id", n."list_tab", w AS "word", n."created_at", n."id"
    FROM "new_rows" n, unnest("order_search_tokens"(n."search_text")) AS w
  ), gone AS (
    DELETE FROM "order_search_words" w
    USING (SELECT * FROM old_keys EXCEPT ALL SELECT * FROM new_keys) d
    WHERE w."seller_id" = d."seller_id" AND w."list_tab" = d."list_tab" AND w."word" = d."word"
      AND w."created_at" = d."created_at" AND w."order_id" = d."id"
  ), added AS (
    INSERT INTO "order_search_words" ("seller_id", "list_tab", "word", "created_at", "order_id")
    SELECT * FROM (SELECT * FROM new_keys EXCEPT ALL SELECT * FROM old_keys) a
    RETURNING "seller_id", "word"
  )
  INSERT INTO "order_search_vocabulary" ("seller_id", "word")
  SELECT DISTINCT "seller_id", "word" FROM added ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_search_words_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_search_words_add"();--> statement-breakpoint
CREATE TRIGGER "orders_search_words_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_search_words_remove"();--> statement-breakpoint
CREATE TRIGGER "orders_search_words_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_search_words_change"();--> statement-breakpoint
INSERT INTO "order_search_words" ("seller_id", "list_tab", "word", "created_at", "order_id")
SELECT o."seller_id", o."list_tab", w, o."created_at", o."id"
FROM "orders" o, unnest("order_search_tokens"(o."search_text")) AS w;--> statement-breakpoint
INSERT INTO "order_search_vocabulary" ("seller_id", "word")
SELECT DISTINCT "seller_id", "word" FROM "order_search_words";
--> statement-breakpoint
-- Found by this issue's bench, whose seed (200,000 orders in one statement) never finished: the
-- analytics_buyer_days update trigger (migration 0026) joined its two transition tables, and the
-- plan PL/pgSQL kept from the function's first call (the upsert's empty update: a nested loop) made
-- every later bulk update quadratic (4.3 s of 4.9 s for 3,000 orders, hours for 100,000). The same
-- rows, found by a set difference: an update never changes a row's key, so a row whose day went
-- from no sale to some or back is one whose (key, has sales) is not among the old rows'.
CREATE OR REPLACE FUNCTION "analytics_buyer_days_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "analytics_refresh_gaps"(array_agg(f."seller_id"), array_agg(f."buyer_id"), array_agg(f."day"))
  FROM (SELECT "seller_id", "buyer_id", "day", "orders" > 0 FROM "new_rows"
        EXCEPT SELECT "seller_id", "buyer_id", "day", "orders" > 0 FROM "old_rows") f
  HAVING count(*) > 0;
  RETURN NULL;
END $$;