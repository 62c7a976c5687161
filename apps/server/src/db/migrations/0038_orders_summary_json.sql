-- hand-written
-- Issue 14 (docs/order-lists.md, "Speed"). Each order as the Orders list answers it (the contract's
-- `orderSummarySchema`, what order-summary.ts's toOrderSummary makes of a row), as compact JSON text
-- kept on the row, as `products.answer_json` is (migration 0036): the list sends these texts as they
-- are, so a page neither joins twenty orders' buyer, show and lines nor maps, checks and writes them
-- again in the server. Not in the drizzle schema: only the lists read it.
--
-- What an order's summary is made of, and what keeps it:
--   - the order's own columns: a row trigger on insert, and on an update that changes one of them
--     (a tracking number, a note or a payment reference rewrite nothing);
--   - its lines (count, the costliest line's name, image and variant): the lines' statement triggers
--     of migration 0012, which already rewrite the orders whose lines came, went or changed, now also
--     clear the summary (the row trigger writes it again) and look at every column the summary uses;
--   - the buyer's name: the buyers' rename trigger of migration 0012, likewise;
--   - the show's title: a trigger on streams (a deleted show sets `stream_id` to NULL, an update of
--     the order, so the row trigger sees it).
ALTER TABLE "orders" ADD COLUMN "summary_json" text;--> statement-breakpoint
-- The summary of an order row as JSON.stringify writes toOrderSummary's answer (key order, no spaces,
-- naira as kobo / 100, times as toISOString, the costliest line first as ORDER_SUMMARY_JOINS orders
-- them). `order-summary-json.property.test.ts` compares it byte for byte with the TypeScript.
CREATE FUNCTION "order_summary_json"("o" "orders") RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT "json_compact"(json_build_object(
    '_id', o."id", 'number', 'KSW-' || o."number", 'createdAt', "iso_instant"(o."created_at"),
    'source', o."source",
    'buyer', json_build_object('_id', o."buyer_id", 'name', coalesce(b."name", 'Deleted buyer'),
                               'state', o."buyer_state"),
    'itemCount', coalesce(li."item_count", 0),
    'firstItem', json_build_object(
      'name', coalesce(li."first_name", ''), 'image', li."first_image",
      'variant', coalesce((
        SELECT json_agg(json_build_object('name', v -> 'name', 'value', v -> 'value') ORDER BY i)
        FROM jsonb_array_elements(li."first_variant") WITH ORDINALITY AS vs(v, i)), '[]'::json)),
    'total', "kobo_naira"(o."total_kobo"),
    'paymentStatus', o."payment_status", 'fulfilmentStatus', o."fulfilment_status",
    'paymentMethod', o."payment_method", 'deliveryMethod', o."delivery_method",
    'show', CASE WHEN o."stream_id" IS NOT NULL AND s."title" IS NOT NULL
                 THEN json_build_object('_id', o."stream_id", 'title', s."title") END
  )::text)
  FROM (SELECT 1) one
  LEFT JOIN "buyers" b ON b."id" = o."buyer_id"
  LEFT JOIN "streams" s ON s."id" = o."stream_id"
  LEFT JOIN LATERAL (
    SELECT sum(l."quantity")::int AS "item_count",
           (array_agg(l."product_name" ORDER BY l."unit_price_kobo" * l."quantity" DESC, l."product_name", l."id"))[1] AS "first_name",
           (array_agg(l."product_image" ORDER BY l."unit_price_kobo" * l."quantity" DESC, l."product_name", l."id"))[1] AS "first_image",
           (array_agg(l."variant" ORDER BY l."unit_price_kobo" * l."quantity" DESC, l."product_name", l."id"))[1] AS "first_variant"
    FROM "order_lines" l WHERE l."order_id" = o."id"
  ) li ON true
$$;--> statement-breakpoint
CREATE FUNCTION "orders_summary_json_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."summary_json" := "order_summary_json"(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_summary_json_insert" BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_summary_json_keep"();--> statement-breakpoint
-- Only an update of a column the summary shows, or one that cleared it (the triggers below).
CREATE TRIGGER "orders_summary_json_update" BEFORE UPDATE ON "orders"
  FOR EACH ROW WHEN (
    NEW."summary_json" IS NULL
    OR NEW."id" IS DISTINCT FROM OLD."id"
    OR NEW."number" IS DISTINCT FROM OLD."number"
    OR NEW."created_at" IS DISTINCT FROM OLD."created_at"
    OR NEW."source" IS DISTINCT FROM OLD."source"
    OR NEW."buyer_id" IS DISTINCT FROM OLD."buyer_id"
    OR NEW."buyer_state" IS DISTINCT FROM OLD."buyer_state"
    OR NEW."total_kobo" IS DISTINCT FROM OLD."total_kobo"
    OR NEW."payment_status" IS DISTINCT FROM OLD."payment_status"
    OR NEW."fulfilment_status" IS DISTINCT FROM OLD."fulfilment_status"
    OR NEW."payment_method" IS DISTINCT FROM OLD."payment_method"
    OR NEW."delivery_method" IS DISTINCT FROM OLD."delivery_method"
    OR NEW."stream_id" IS DISTINCT FROM OLD."stream_id"
    OR NEW."summary_json" IS DISTINCT FROM OLD."summary_json"
  ) EXECUTE FUNCTION "orders_summary_json_keep"();--> statement-breakpoint
-- The lines' triggers of migration 0012, now also clearing the summary of the orders they touch.
CREATE OR REPLACE FUNCTION "order_lines_search_text_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" o SET "search_text" = "order_search_text"(o."id"), "summary_json" = NULL
  WHERE o."id" IN (SELECT DISTINCT "order_id" FROM "new_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_lines_search_text_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" o SET "search_text" = "order_search_text"(o."id"), "summary_json" = NULL
  WHERE o."id" IN (SELECT DISTINCT "order_id" FROM "old_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_lines_search_text_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only orders whose lines changed in what the search or the summary reads: a fulfilled quantity or
  -- a refund note on a line rewrites nothing.
  UPDATE "orders" o SET "search_text" = "order_search_text"(o."id"), "summary_json" = NULL
  WHERE o."id" IN (
    SELECT x."order_id" FROM "new_rows" n JOIN "old_rows" p ON p."id" = n."id",
      LATERAL (VALUES (n."order_id"), (p."order_id")) AS x("order_id")
    WHERE n."product_name" IS DISTINCT FROM p."product_name" OR n."order_id" IS DISTINCT FROM p."order_id"
       OR n."quantity" IS DISTINCT FROM p."quantity" OR n."unit_price_kobo" IS DISTINCT FROM p."unit_price_kobo"
       OR n."product_image" IS DISTINCT FROM p."product_image" OR n."variant" IS DISTINCT FROM p."variant"
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "buyers_search_text_rename"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" o SET "search_text" = "order_search_text"(o."id"), "summary_json" = NULL
  WHERE o."buyer_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A renamed show: its orders are written again (orders_stream_idx finds them).
CREATE FUNCTION "streams_order_summary_rename"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" o SET "summary_json" = NULL WHERE o."stream_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "streams_order_summary_rename" AFTER UPDATE OF "title" ON "streams"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title")
  EXECUTE FUNCTION "streams_order_summary_rename"();--> statement-breakpoint
UPDATE "orders" SET "summary_json" = NULL;
