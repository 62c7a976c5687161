CREATE TABLE "analytics_blip_orders" (
	"blip_id" uuid PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_buyer_days" (
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"buyer_id" uuid NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_buyer_days_seller_id_day_buyer_id_pk" PRIMARY KEY("seller_id","day","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_customers" (
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	CONSTRAINT "analytics_customers_seller_id_buyer_id_pk" PRIMARY KEY("seller_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"state" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sale_orders" integer DEFAULT 0 NOT NULL,
	"sales_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_seller_id_day_state_pk" PRIMARY KEY("seller_id","day","state")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_people" (
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_people_seller_id_day_pk" PRIMARY KEY("seller_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_status" (
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"tab" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_status_seller_id_day_tab_pk" PRIMARY KEY("seller_id","day","tab")
);
--> statement-breakpoint
CREATE TABLE "analytics_product_daily" (
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_name" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"sales_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_product_daily_seller_id_day_product_name_pk" PRIMARY KEY("seller_id","day","product_name")
);
--> statement-breakpoint
CREATE TABLE "analytics_viewer_days" (
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "analytics_viewer_days_seller_id_day_viewer_pk" PRIMARY KEY("seller_id","day","viewer")
);
--> statement-breakpoint
CREATE TABLE "stream_viewers" (
	"stream_id" uuid NOT NULL,
	"viewer" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stream_viewers_stream_id_viewer_pk" PRIMARY KEY("stream_id","viewer")
);
--> statement-breakpoint
ALTER TABLE "analytics_blip_orders" ADD CONSTRAINT "analytics_blip_orders_blip_id_blips_id_fk" FOREIGN KEY ("blip_id") REFERENCES "public"."blips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_buyer_days" ADD CONSTRAINT "analytics_buyer_days_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_customers" ADD CONSTRAINT "analytics_customers_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_customers" ADD CONSTRAINT "analytics_customers_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily_people" ADD CONSTRAINT "analytics_daily_people_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily_status" ADD CONSTRAINT "analytics_daily_status_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_product_daily" ADD CONSTRAINT "analytics_product_daily_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_viewer_days" ADD CONSTRAINT "analytics_viewer_days_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_viewers" ADD CONSTRAINT "stream_viewers_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_customers_seller_first_day_idx" ON "analytics_customers" USING btree ("seller_id","first_day");--> statement-breakpoint
-- The rest is written by hand (drizzle cannot express INCLUDE, types, triggers or functions).
-- docs/analytics.md: the rollups follow every change to orders and order lines one statement at a
-- time (transition tables, as order_tab_counts does), in the transaction of the change itself.
CREATE INDEX "refunds_seller_created_idx" ON "refunds" ("seller_id", "created_at") INCLUDE ("amount_kobo", "status");--> statement-breakpoint
CREATE FUNCTION "analytics_is_sale"("s" "order_payment_status") RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT "s" IN ('paid', 'pay_on_delivery_collected', 'refunded', 'partially_refunded')
$$;--> statement-breakpoint
-- A Lagos calendar day: Africa/Lagos is UTC+1 all year (lib/lagos-time.ts says the same).
CREATE FUNCTION "analytics_day"("t" timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (("t" AT TIME ZONE 'UTC') + interval '1 hour')::date
$$;--> statement-breakpoint
CREATE TYPE "analytics_order_change" AS (
  "order_id" uuid, "seller_id" uuid, "buyer_id" uuid, "day" date, "state" text, "tab" text,
  "sale" boolean, "total_kobo" bigint, "sign" integer
);--> statement-breakpoint
CREATE FUNCTION "analytics_apply_orders"("c" "analytics_order_change"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality("c") = 0 THEN RETURN; END IF;
  INSERT INTO "analytics_daily" AS d ("seller_id", "day", "state", "orders", "sale_orders", "sales_kobo")
  SELECT x."seller_id", x."day", x."state", sum(x."sign"),
         coalesce(sum(x."sign") FILTER (WHERE x."sale"), 0),
         coalesce(sum(x."sign" * x."total_kobo") FILTER (WHERE x."sale"), 0)
  FROM unnest("c") x GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("seller_id", "day", "state") DO UPDATE SET
    "orders" = d."orders" + EXCLUDED."orders",
    "sale_orders" = d."sale_orders" + EXCLUDED."sale_orders",
    "sales_kobo" = d."sales_kobo" + EXCLUDED."sales_kobo";

  INSERT INTO "analytics_daily_status" AS d ("seller_id", "day", "tab", "orders")
  SELECT x."seller_id", x."day", x."tab", sum(x."sign")
  FROM unnest("c") x GROUP BY 1, 2, 3 HAVING sum(x."sign") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("seller_id", "day", "tab") DO UPDATE SET "orders" = d."orders" + EXCLUDED."orders";

  -- The lines of orders that became (or stopped being) sales; a just-inserted order has none yet
  -- (the order_lines trigger adds them).
  INSERT INTO "analytics_product_daily" AS p ("seller_id", "day", "product_name", "units", "sales_kobo")
  SELECT x."seller_id", x."day", l."product_name", sum(x."sign" * l."quantity"),
         sum(x."sign" * l."quantity" * l."unit_price_kobo")
  FROM unnest("c") x JOIN "order_lines" l ON l."order_id" = x."order_id"
  WHERE x."sale" GROUP BY 1, 2, 3 HAVING sum(x."sign") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("seller_id", "day", "product_name") DO UPDATE SET
    "units" = p."units" + EXCLUDED."units", "sales_kobo" = p."sales_kobo" + EXCLUDED."sales_kobo";

  -- Blip orders: a sale of the blip's product by a buyer who watched that blip.
  INSERT INTO "analytics_blip_orders" AS bo ("blip_id", "orders")
  SELECT z."blip_id", sum(z."sign") FROM (
    SELECT DISTINCT x."order_id", x."sign", bl."id" AS "blip_id"
    FROM unnest("c") x
    JOIN "order_lines" l ON l."order_id" = x."order_id"
    JOIN "blips" bl ON bl."product_id" = l."product_id" AND bl."seller_id" = x."seller_id"
    JOIN "blip_views" v ON v."blip_id" = bl."id" AND v."viewer" = 'buyer:' || x."buyer_id"
    WHERE x."sale"
  ) z GROUP BY 1 HAVING sum(z."sign") <> 0 ORDER BY 1
  ON CONFLICT ("blip_id") DO UPDATE SET "orders" = bo."orders" + EXCLUDED."orders";

  -- Buyers per day: a buyer-day row counts its sale orders; the day's buyers move when one goes
  -- from none to some or back.
  WITH "delta" AS (
    SELECT x."seller_id", x."day", x."buyer_id", sum(x."sign")::integer AS "n"
    FROM unnest("c") x WHERE x."sale" GROUP BY 1, 2, 3 HAVING sum(x."sign") <> 0
  ), "up" AS (
    INSERT INTO "analytics_buyer_days" AS b ("seller_id", "day", "buyer_id", "orders")
    SELECT "seller_id", "day", "buyer_id", "n" FROM "delta" ORDER BY 1, 2, 3
    ON CONFLICT ("seller_id", "day", "buyer_id") DO UPDATE SET "orders" = b."orders" + EXCLUDED."orders"
    RETURNING b."seller_id", b."day", b."buyer_id", b."orders"
  ), "moved" AS (
    SELECT "up"."seller_id", "up"."day",
           sum(CASE WHEN "up"."orders" > 0 AND "up"."orders" - "delta"."n" <= 0 THEN 1
                    WHEN "up"."orders" <= 0 AND "up"."orders" - "delta"."n" > 0 THEN -1 ELSE 0 END) AS "buyers"
    FROM "up" JOIN "delta" USING ("seller_id", "day", "buyer_id") GROUP BY 1, 2
  )
  INSERT INTO "analytics_daily_people" AS p ("seller_id", "day", "buyers")
  SELECT "seller_id", "day", "buyers" FROM "moved" WHERE "buyers" <> 0 ORDER BY 1, 2
  ON CONFLICT ("seller_id", "day") DO UPDATE SET "buyers" = p."buyers" + EXCLUDED."buyers";

  -- A buyer's first sale day only moves earlier as sales come in...
  INSERT INTO "analytics_customers" AS a ("seller_id", "buyer_id", "first_day")
  SELECT x."seller_id", x."buyer_id", min(x."day") FROM unnest("c") x
  WHERE x."sale" AND x."sign" > 0 GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("seller_id", "buyer_id") DO UPDATE SET "first_day" = EXCLUDED."first_day"
  WHERE EXCLUDED."first_day" < a."first_day";
  -- ...and is looked up again when a sale of that buyer is undone (rare: a sale is never unpaid).
  WITH "undone" AS (
    SELECT DISTINCT "seller_id", "buyer_id" FROM (
      SELECT x."seller_id", x."buyer_id", x."order_id", sum(x."sign") AS "s"
      FROM unnest("c") x WHERE x."sale" GROUP BY 1, 2, 3
    ) z WHERE z."s" < 0
  ), "firsts" AS (
    SELECT u."seller_id", u."buyer_id", (
      SELECT min("analytics_day"(o."created_at")) FROM "orders" o
      WHERE o."seller_id" = u."seller_id" AND o."buyer_id" = u."buyer_id" AND "analytics_is_sale"(o."payment_status")
    ) AS "first_day" FROM "undone" u
  ), "dropped" AS (
    DELETE FROM "analytics_customers" a USING "firsts" f
    WHERE a."seller_id" = f."seller_id" AND a."buyer_id" = f."buyer_id" AND f."first_day" IS NULL
  )
  UPDATE "analytics_customers" a SET "first_day" = f."first_day" FROM "firsts" f
  WHERE a."seller_id" = f."seller_id" AND a."buyer_id" = f."buyer_id" AND f."first_day" IS NOT NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "analytics_orders_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "analytics_apply_orders"(ARRAY(
    SELECT ROW(n."id", n."seller_id", n."buyer_id", "analytics_day"(n."created_at"), coalesce(n."buyer_state", ''),
               n."list_tab", "analytics_is_sale"(n."payment_status"), n."total_kobo", 1)::"analytics_order_change"
    FROM "new_rows" n));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "analytics_orders_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "analytics_apply_orders"(ARRAY(
    SELECT ROW(o."id", o."seller_id", o."buyer_id", "analytics_day"(o."created_at"), coalesce(o."buyer_state", ''),
               o."list_tab", "analytics_is_sale"(o."payment_status"), o."total_kobo", -1)::"analytics_order_change"
    FROM "old_rows" o));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "analytics_orders_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only orders whose counted facts changed (most updates are tracking, addresses, timestamps).
  PERFORM "analytics_apply_orders"(ARRAY(
    SELECT ROW(r."id", r."seller_id", r."buyer_id", "analytics_day"(r."created_at"), coalesce(r."buyer_state", ''),
               r."list_tab", "analytics_is_sale"(r."payment_status"), r."total_kobo", r."sign")::"analytics_order_change"
    FROM (
      SELECT o.*, -1 AS "sign" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
      WHERE (o."seller_id", o."buyer_id", o."created_at", o."buyer_state", o."list_tab", "analytics_is_sale"(o."payment_status"), o."total_kobo")
        IS DISTINCT FROM (n."seller_id", n."buyer_id", n."created_at", n."buyer_state", n."list_tab", "analytics_is_sale"(n."payment_status"), n."total_kobo")
      UNION ALL
      SELECT n.*, 1 AS "sign" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
      WHERE (o."seller_id", o."buyer_id", o."created_at", o."buyer_state", o."list_tab", "analytics_is_sale"(o."payment_status"), o."total_kobo")
        IS DISTINCT FROM (n."seller_id", n."buyer_id", n."created_at", n."buyer_state", n."list_tab", "analytics_is_sale"(n."payment_status"), n."total_kobo")
    ) r));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_analytics_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "analytics_orders_insert"();--> statement-breakpoint
CREATE TRIGGER "orders_analytics_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "analytics_orders_delete"();--> statement-breakpoint
CREATE TRIGGER "orders_analytics_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "analytics_orders_update"();--> statement-breakpoint
CREATE FUNCTION "analytics_lines_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics_product_daily" AS p ("seller_id", "day", "product_name", "units", "sales_kobo")
  SELECT o."seller_id", "analytics_day"(o."created_at"), l."product_name", sum(l."quantity"),
         sum(l."quantity" * l."unit_price_kobo")
  FROM "new_rows" l JOIN "orders" o ON o."id" = l."order_id"
  WHERE "analytics_is_sale"(o."payment_status") GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("seller_id", "day", "product_name") DO UPDATE SET
    "units" = p."units" + EXCLUDED."units", "sales_kobo" = p."sales_kobo" + EXCLUDED."sales_kobo";
  -- A new line of a product the order did not have yet may make it a blip's order.
  INSERT INTO "analytics_blip_orders" AS bo ("blip_id", "orders")
  SELECT z."blip_id", count(*) FROM (
    SELECT DISTINCT o."id", bl."id" AS "blip_id"
    FROM "new_rows" l JOIN "orders" o ON o."id" = l."order_id"
    JOIN "blips" bl ON bl."product_id" = l."product_id" AND bl."seller_id" = o."seller_id"
    JOIN "blip_views" v ON v."blip_id" = bl."id" AND v."viewer" = 'buyer:' || o."buyer_id"
    WHERE "analytics_is_sale"(o."payment_status") AND NOT EXISTS (
      SELECT 1 FROM "order_lines" e WHERE e."order_id" = l."order_id" AND e."product_id" = l."product_id"
        AND e."id" NOT IN (SELECT n."id" FROM "new_rows" n)
    )
  ) z GROUP BY 1 ORDER BY 1
  ON CONFLICT ("blip_id") DO UPDATE SET "orders" = bo."orders" + EXCLUDED."orders";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "analytics_lines_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics_product_daily" AS p ("seller_id", "day", "product_name", "units", "sales_kobo")
  SELECT o."seller_id", "analytics_day"(o."created_at"), l."product_name", -sum(l."quantity"),
         -sum(l."quantity" * l."unit_price_kobo")
  FROM "old_rows" l JOIN "orders" o ON o."id" = l."order_id"
  WHERE "analytics_is_sale"(o."payment_status") GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("seller_id", "day", "product_name") DO UPDATE SET
    "units" = p."units" + EXCLUDED."units", "sales_kobo" = p."sales_kobo" + EXCLUDED."sales_kobo";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_lines_analytics_insert" AFTER INSERT ON "order_lines"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "analytics_lines_insert"();--> statement-breakpoint
CREATE TRIGGER "order_lines_analytics_delete" AFTER DELETE ON "order_lines"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "analytics_lines_delete"();--> statement-breakpoint
-- Orders that exist before this migration: the same sums the triggers keep, computed once.
SELECT "analytics_apply_orders"(ARRAY(
  SELECT ROW(o."id", o."seller_id", o."buyer_id", "analytics_day"(o."created_at"), coalesce(o."buyer_state", ''),
             o."list_tab", "analytics_is_sale"(o."payment_status"), o."total_kobo", 1)::"analytics_order_change"
  FROM "orders" o));
