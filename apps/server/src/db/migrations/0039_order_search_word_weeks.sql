-- hand-written
-- Issue 14 (docs/order-lists.md, "Speed"). How many orders of a seller's tab hold a word, per Lagos
-- week (from Monday): a deep page of a one-word search (page 50 is entries 981–1,000 of the word's
-- range) is found by adding up the weeks' counts (52 a year) and reading the range from the week it
-- falls in, instead of reading the range's first thousand entries, and the capped total likewise. Kept by statement triggers on `order_search_words` (which the orders'
-- own triggers keep, migration 0033): each insert adds its rows' counts, each delete takes them
-- away, a week left with none is removed. The upserts run in key order, as `order_tab_counts`'.
-- The Monday of an instant's Lagos week (Lagos keeps UTC+1 all year).
CREATE FUNCTION "lagos_week"("at" timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN date_trunc('week', "at" AT TIME ZONE 'Africa/Lagos')::date;--> statement-breakpoint
CREATE TABLE "order_search_word_weeks" (
  "seller_id" uuid NOT NULL,
  "list_tab" text NOT NULL,
  "word" text NOT NULL,
  "week" date NOT NULL,
  "order_count" integer NOT NULL,
  -- The count in the key's index: a word's weeks are one index-only range in either order (built from
  -- a GROUP BY, a word's weeks lie on as many heap pages as it has weeks).
  CONSTRAINT "order_search_word_weeks_pkey" PRIMARY KEY ("seller_id", "list_tab", "word", "week") INCLUDE ("order_count")
);--> statement-breakpoint
CREATE FUNCTION "order_search_word_weeks_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_search_word_weeks" AS d ("seller_id", "list_tab", "word", "week", "order_count")
  SELECT "seller_id", "list_tab", "word", "lagos_week"("created_at"), count(*)::int
  FROM "new_rows" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("seller_id", "list_tab", "word", "week")
  DO UPDATE SET "order_count" = d."order_count" + EXCLUDED."order_count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_search_word_weeks_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_search_word_weeks" AS d ("seller_id", "list_tab", "word", "week", "order_count")
  SELECT "seller_id", "list_tab", "word", "lagos_week"("created_at"), -count(*)::int
  FROM "old_rows" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("seller_id", "list_tab", "word", "week")
  DO UPDATE SET "order_count" = d."order_count" + EXCLUDED."order_count";
  DELETE FROM "order_search_word_weeks" d
  USING (SELECT DISTINCT "seller_id", "list_tab", "word", "lagos_week"("created_at") AS "week" FROM "old_rows") g
  WHERE d."seller_id" = g."seller_id" AND d."list_tab" = g."list_tab" AND d."word" = g."word"
    AND d."week" = g."week" AND d."order_count" = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_search_word_weeks_insert" AFTER INSERT ON "order_search_words"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_search_word_weeks_add"();--> statement-breakpoint
CREATE TRIGGER "order_search_word_weeks_delete" AFTER DELETE ON "order_search_words"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_search_word_weeks_remove"();--> statement-breakpoint
INSERT INTO "order_search_word_weeks" ("seller_id", "list_tab", "word", "week", "order_count")
SELECT "seller_id", "list_tab", "word", "lagos_week"("created_at"), count(*)::int
FROM "order_search_words" GROUP BY 1, 2, 3, 4;
