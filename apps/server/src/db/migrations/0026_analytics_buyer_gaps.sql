CREATE TABLE "analytics_buyer_gaps" (
	"seller_id" uuid NOT NULL,
	"day" date NOT NULL,
	"gap" smallint NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_buyer_gaps_seller_id_day_gap_pk" PRIMARY KEY("seller_id","day","gap")
);
--> statement-breakpoint
ALTER TABLE "analytics_buyer_days" ADD COLUMN "gap" smallint;--> statement-breakpoint
ALTER TABLE "analytics_buyer_gaps" ADD CONSTRAINT "analytics_buyer_gaps_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_buyer_days_buyer_day_idx" ON "analytics_buyer_days" USING btree ("seller_id","buyer_id","day");--> statement-breakpoint
-- The rest is written by hand (drizzle cannot express triggers or functions).
-- Refreshes the gaps of the given (seller, buyer) pairs from day `lo` on: each sale day's gap is the
-- days since the buyer's previous sale day (367 for none within 366 days), and analytics_buyer_gaps
-- moves by the difference. Reads the table as the calling statement left it.
CREATE FUNCTION "analytics_refresh_gaps"("s" uuid[], "b" uuid[], "lo" date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH "aff" AS (
    SELECT x."seller_id", x."buyer_id", min(x."lo") AS "lo"
    FROM unnest("s", "b", "lo") AS x("seller_id", "buyer_id", "lo") GROUP BY 1, 2
  ), "pos" AS (
    SELECT d."seller_id", d."buyer_id", d."day",
           least(coalesce(d."day" - lag(d."day") OVER (PARTITION BY d."seller_id", d."buyer_id" ORDER BY d."day"), 367), 367)::smallint AS "gap"
    FROM "analytics_buyer_days" d JOIN "aff" a USING ("seller_id", "buyer_id") WHERE d."orders" > 0
  ), "r" AS (
    SELECT d."seller_id", d."buyer_id", d."day", d."gap" AS "old_gap", p."gap" AS "new_gap"
    FROM "analytics_buyer_days" d JOIN "aff" a USING ("seller_id", "buyer_id")
    LEFT JOIN "pos" p USING ("seller_id", "buyer_id", "day")
    WHERE d."day" >= a."lo" AND d."gap" IS DISTINCT FROM p."gap"
  ), "upd" AS (
    UPDATE "analytics_buyer_days" t SET "gap" = r."new_gap" FROM "r"
    WHERE t."seller_id" = r."seller_id" AND t."buyer_id" = r."buyer_id" AND t."day" = r."day"
  )
  INSERT INTO "analytics_buyer_gaps" AS g ("seller_id", "day", "gap", "buyers")
  SELECT "seller_id", "day", "gap", sum("n") FROM (
    SELECT "seller_id", "day", "new_gap" AS "gap", 1 AS "n" FROM "r" WHERE "new_gap" IS NOT NULL
    UNION ALL
    SELECT "seller_id", "day", "old_gap", -1 FROM "r" WHERE "old_gap" IS NOT NULL
  ) z GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("seller_id", "day", "gap") DO UPDATE SET "buyers" = g."buyers" + EXCLUDED."buyers";
END $$;--> statement-breakpoint
-- A day that gains its first sale, or loses its last, moves the gaps of that buyer's later days.
-- The refresh's own UPDATE changes no order counts, so its trigger finds nothing and stops there.
CREATE FUNCTION "analytics_buyer_days_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "new_rows" WHERE "orders" > 0) THEN
    PERFORM "analytics_refresh_gaps"(array_agg("seller_id"), array_agg("buyer_id"), array_agg("day"))
    FROM "new_rows" WHERE "orders" > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "analytics_buyer_days_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "new_rows" n JOIN "old_rows" o USING ("seller_id", "day", "buyer_id")
             WHERE (n."orders" > 0) <> (o."orders" > 0)) THEN
    PERFORM "analytics_refresh_gaps"(array_agg(n."seller_id"), array_agg(n."buyer_id"), array_agg(n."day"))
    FROM "new_rows" n JOIN "old_rows" o USING ("seller_id", "day", "buyer_id")
    WHERE (n."orders" > 0) <> (o."orders" > 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rows go only with their seller (cascade), whose gaps go the same way; anything else is counted out.
CREATE FUNCTION "analytics_buyer_days_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "old_rows" o JOIN "sellers" s ON s."id" = o."seller_id") THEN
    INSERT INTO "analytics_buyer_gaps" AS g ("seller_id", "day", "gap", "buyers")
    SELECT o."seller_id", o."day", o."gap", -count(*) FROM "old_rows" o JOIN "sellers" s ON s."id" = o."seller_id"
    WHERE o."gap" IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("seller_id", "day", "gap") DO UPDATE SET "buyers" = g."buyers" + EXCLUDED."buyers";
    PERFORM "analytics_refresh_gaps"(array_agg(o."seller_id"), array_agg(o."buyer_id"), array_agg(o."day"))
    FROM "old_rows" o JOIN "sellers" s ON s."id" = o."seller_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "analytics_buyer_days_gaps_insert" AFTER INSERT ON "analytics_buyer_days"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "analytics_buyer_days_insert"();--> statement-breakpoint
CREATE TRIGGER "analytics_buyer_days_gaps_update" AFTER UPDATE ON "analytics_buyer_days"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "analytics_buyer_days_update"();--> statement-breakpoint
CREATE TRIGGER "analytics_buyer_days_gaps_delete" AFTER DELETE ON "analytics_buyer_days"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "analytics_buyer_days_delete"();--> statement-breakpoint
-- The buyer-days already stored get their gaps once.
SELECT "analytics_refresh_gaps"(array_agg("seller_id"), array_agg("buyer_id"), array_agg("min_day"))
FROM (SELECT "seller_id", "buyer_id", min("day") AS "min_day" FROM "analytics_buyer_days" WHERE "orders" > 0 GROUP BY 1, 2) x;
