-- hand-written
-- Issue 19 (docs/cold-path.md, "Fourth round"). A signature of each word-index entry: one bit per word
-- of the product's name (bits 0-59, from the word's md5) and one for its status (bits 60-63). A
-- searched page reads its rarest word's range and tests each entry for the search's other words and
-- the list's statuses; those tests were an array containment (`words @> '{royal}'`) and an enum list
-- on every entry, 0.65 of the range's cost (~200 µs of the 355 entries "royal ankara" rejects).
-- Testing the signature first costs two integer operations; only an entry whose bits hold every
-- bit asked for is tested on its words (a tenth of the others pass by chance, at six words a name).
-- md5, not hashtext: a bit must stay the same across PostgreSQL versions, or a stored signature would
-- lose its words.
CREATE FUNCTION "product_search_word_bit"("word" text) RETURNS bigint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN 1::bigint << (('x' || substr(md5("word"), 1, 7))::bit(28)::int % 60);--> statement-breakpoint
-- The entry's signature. PL/pgSQL, as a loop: an SQL function over unnest(words) is not inlined and
-- cost ~3 times as much per entry written (41 against 13 µs, measured over 434,384 entries). A new
-- status must be given a bit here and in STATUS_SEARCH_BIT (product-pages.ts), and the column
-- recomputed: until then a product with it cannot be written (the column is NOT NULL), rather than be
-- searched wrongly.
CREATE FUNCTION "product_search_bits"("words" text[], "status" product_status) RETURNS bigint
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  bits bigint := 1::bigint << CASE "status" WHEN 'active' THEN 60 WHEN 'draft' THEN 61
                                            WHEN 'out_of_stock' THEN 62 WHEN 'archived' THEN 63 END;
  w text;
BEGIN
  FOREACH w IN ARRAY "words" LOOP
    bits := bits | "product_search_word_bit"(w);
  END LOOP;
  RETURN bits;
END $$;--> statement-breakpoint
-- Generated: the triggers of migration 0035 write the words and the status; the bits follow them.
ALTER TABLE "product_search_words"
  ADD COLUMN "bits" bigint GENERATED ALWAYS AS ("product_search_bits"("words", "status")) STORED NOT NULL;--> statement-breakpoint
-- The signature rides on both indexes in place of the status (which it holds).
DROP INDEX "product_search_words_created_idx";--> statement-breakpoint
DROP INDEX "product_search_words_price_idx";--> statement-breakpoint
CREATE INDEX "product_search_words_created_idx" ON "product_search_words"
  ("seller_id", "word", "created_at", "product_id") INCLUDE ("bits", "price_kobo", "category_id", "words");--> statement-breakpoint
CREATE INDEX "product_search_words_price_idx" ON "product_search_words"
  ("seller_id", "word", "price_kobo", "product_id") INCLUDE ("bits", "category_id", "words");
