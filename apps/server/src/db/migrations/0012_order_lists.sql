CREATE TABLE "order_tab_counts" (
	"seller_id" uuid NOT NULL,
	"tab" text NOT NULL,
	"order_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_tab_counts_seller_id_tab_pk" PRIMARY KEY("seller_id","tab")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_tab" text GENERATED ALWAYS AS (CASE WHEN fulfilment_status = 'cancelled' THEN 'cancelled' WHEN fulfilment_status IN ('shipped', 'in_transit', 'ready_for_pickup') THEN 'shipped' WHEN fulfilment_status IN ('delivered', 'picked_up') THEN 'delivered' WHEN payment_status = 'awaiting_payment' AND payment_method IS DISTINCT FROM 'pay_on_delivery' THEN 'to_pay' WHEN payment_status IN ('paid', 'pay_on_delivery_pending') AND fulfilment_status = 'unfulfilled' THEN 'to_ship' ELSE 'other' END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tab_counts" ADD CONSTRAINT "order_tab_counts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rest is written by hand (drizzle cannot express INCLUDE, triggers or functions).
-- order_tab_counts follows every change to orders one statement at a time (transition tables, as
-- product_statistics does), so the Orders tabs' counts are a primary-key read, not a count of
-- 100,000 rows, and a bulk insert adds one row per tab rather than a write per order.
CREATE FUNCTION "order_tab_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_tab_counts" AS c ("seller_id", "tab", "order_count")
  SELECT "seller_id", "list_tab", count(*) FROM "new_rows"
  GROUP BY "seller_id", "list_tab" ORDER BY "seller_id", "list_tab"
  ON CONFLICT ("seller_id", "tab") DO UPDATE SET "order_count" = c."order_count" + EXCLUDED."order_count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_tab_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_tab_counts" AS c SET "order_count" = c."order_count" - d."n"
  FROM (
    SELECT "seller_id", "list_tab", count(*) AS "n" FROM "old_rows"
    GROUP BY "seller_id", "list_tab" ORDER BY "seller_id", "list_tab"
  ) AS d
  WHERE c."seller_id" = d."seller_id" AND c."tab" = d."list_tab";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_tab_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The difference per seller and tab: an update that moves no order between tabs writes nothing.
  INSERT INTO "order_tab_counts" AS c ("seller_id", "tab", "order_count")
  SELECT "seller_id", "list_tab", sum("n") FROM (
    SELECT "seller_id", "list_tab", 1 AS "n" FROM "new_rows"
    UNION ALL
    SELECT "seller_id", "list_tab", -1 FROM "old_rows"
  ) AS d
  GROUP BY "seller_id", "list_tab"
  HAVING sum("n") <> 0
  ORDER BY "seller_id", "list_tab"
  ON CONFLICT ("seller_id", "tab") DO UPDATE SET "order_count" = c."order_count" + EXCLUDED."order_count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_tab_counts_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_tab_counts_add"();--> statement-breakpoint
CREATE TRIGGER "orders_tab_counts_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_tab_counts_remove"();--> statement-breakpoint
CREATE TRIGGER "orders_tab_counts_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_tab_counts_change"();--> statement-breakpoint
-- What an order's search looks in: the buyer's name and its lines' product names, lower-cased.
CREATE FUNCTION "order_search_text"("p_order_id" uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(coalesce(b."name", '') || coalesce(' ' || (
    SELECT string_agg(DISTINCT l."product_name", ' ') FROM "order_lines" l WHERE l."order_id" = o."id"
  ), ''))
  FROM "orders" o LEFT JOIN "buyers" b ON b."id" = o."buyer_id" WHERE o."id" = "p_order_id"
$$;--> statement-breakpoint
-- A new order (or one moved to another buyer) starts with its buyer's name; its lines follow.
CREATE FUNCTION "orders_search_text_buyer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."buyer_id" IS DISTINCT FROM OLD."buyer_id" THEN
    NEW."search_text" := lower(coalesce((SELECT "name" FROM "buyers" WHERE "id" = NEW."buyer_id"), ''));
    IF TG_OP = 'UPDATE' THEN
      NEW."search_text" := NEW."search_text" || coalesce(' ' || lower((
        SELECT string_agg(DISTINCT "product_name", ' ') FROM "order_lines" WHERE "order_id" = NEW."id"
      )), '');
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_search_text_buyer" BEFORE INSERT OR UPDATE OF "buyer_id" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_search_text_buyer"();--> statement-breakpoint
CREATE FUNCTION "order_lines_search_text_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" o SET "search_text" = "order_search_text"(o."id")
  WHERE o."id" IN (SELECT DISTINCT "order_id" FROM "new_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_lines_search_text_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" o SET "search_text" = "order_search_text"(o."id")
  WHERE o."id" IN (SELECT DISTINCT "order_id" FROM "old_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "order_lines_search_text_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only orders whose lines' names (or order) changed: a quantity edit rewrites nothing.
  UPDATE "orders" o SET "search_text" = "order_search_text"(o."id")
  WHERE o."id" IN (
    SELECT x."order_id" FROM "new_rows" n JOIN "old_rows" p ON p."id" = n."id",
      LATERAL (VALUES (n."order_id"), (p."order_id")) AS x("order_id")
    WHERE n."product_name" IS DISTINCT FROM p."product_name" OR n."order_id" IS DISTINCT FROM p."order_id"
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_lines_search_text_insert" AFTER INSERT ON "order_lines"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_search_text_new"();--> statement-breakpoint
CREATE TRIGGER "order_lines_search_text_delete" AFTER DELETE ON "order_lines"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_search_text_old"();--> statement-breakpoint
CREATE TRIGGER "order_lines_search_text_update" AFTER UPDATE ON "order_lines"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_search_text_change"();--> statement-breakpoint
-- A buyer who renames is found under the new name in every seller's orders.
CREATE FUNCTION "buyers_search_text_rename"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" o SET "search_text" = "order_search_text"(o."id") WHERE o."buyer_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "buyers_search_text_rename" AFTER UPDATE OF "name" ON "buyers"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "buyers_search_text_rename"();--> statement-breakpoint
-- The lists' indexes. Each sort walks one in order and reads a deep page from the index alone
-- (the filters' columns are INCLUDEd: search text, show, date), then fetches only the page's rows.
-- Per tab, newest/oldest:
CREATE INDEX "orders_seller_tab_created_idx" ON "orders" USING btree ("seller_id", "list_tab", "created_at" DESC, "id" DESC) INCLUDE ("stream_id", "search_text");--> statement-breakpoint
-- All tabs, newest/oldest:
CREATE INDEX "orders_seller_all_created_idx" ON "orders" USING btree ("seller_id", "created_at" DESC, "id" DESC) INCLUDE ("stream_id", "search_text");--> statement-breakpoint
-- By total, per tab and over all:
CREATE INDEX "orders_seller_tab_total_idx" ON "orders" USING btree ("seller_id", "list_tab", "total_kobo" DESC, "id" DESC) INCLUDE ("created_at", "stream_id", "search_text");--> statement-breakpoint
CREATE INDEX "orders_seller_all_total_idx" ON "orders" USING btree ("seller_id", "total_kobo" DESC, "id" DESC) INCLUDE ("created_at", "stream_id", "search_text");--> statement-breakpoint
-- A rare search (one buyer's full name) is found through trigrams rather than by walking the list.
CREATE INDEX "orders_seller_search_trgm_idx" ON "orders" USING gin ("seller_id", "search_text" gin_trgm_ops);--> statement-breakpoint
-- The overview's sales by day: paid orders by the time they were paid.
CREATE INDEX "orders_seller_paid_idx" ON "orders" USING btree ("seller_id", "paid_at") INCLUDE ("total_kobo", "payment_status", "fulfilment_status") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "search_text" = "order_search_text"(o."id");--> statement-breakpoint
INSERT INTO "order_tab_counts" ("seller_id", "tab", "order_count")
SELECT "seller_id", "list_tab", count(*) FROM "orders" GROUP BY "seller_id", "list_tab"
ON CONFLICT ("seller_id", "tab") DO UPDATE SET "order_count" = EXCLUDED."order_count";
