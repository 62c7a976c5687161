CREATE TYPE "public"."order_delivery_method" AS ENUM('seller', 'pickup');--> statement-breakpoint
CREATE TYPE "public"."order_event_actor" AS ENUM('seller', 'buyer', 'system', 'carrier');--> statement-breakpoint
CREATE TYPE "public"."order_fulfilment_status" AS ENUM('unfulfilled', 'ready_for_pickup', 'shipped', 'in_transit', 'delivered', 'picked_up', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."order_payment_method" AS ENUM('online', 'pay_on_delivery');--> statement-breakpoint
CREATE TYPE "public"."order_payment_status" AS ENUM('awaiting_payment', 'paid', 'pay_on_delivery_pending', 'pay_on_delivery_collected', 'refunded', 'partially_refunded');--> statement-breakpoint
CREATE TYPE "public"."order_source" AS ENUM('auction', 'buy_now');--> statement-breakpoint
CREATE TYPE "public"."payment_attempt_status" AS ENUM('pending', 'succeeded', 'failed', 'abandoned', 'amount_mismatch');--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" "order_event_actor" NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"product_image" text,
	"variant" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unit_price_kobo" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"stream_product_id" uuid,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_price_not_negative" CHECK ("order_lines"."unit_price_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"paid_kobo" bigint,
	"status" "payment_attempt_status" DEFAULT 'pending' NOT NULL,
	"authorization_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "processed_webhooks" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_webhooks_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "seller_delivery_settings" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"shipping_enabled" boolean DEFAULT true NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pickup_enabled" boolean DEFAULT false NOT NULL,
	"pay_on_delivery_enabled" boolean DEFAULT false NOT NULL,
	"pay_on_delivery_cap_kobo" bigint DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 2 NOT NULL,
	"payment_window_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_stream_product_id_stream_products_id_fk";
--> statement-breakpoint
DROP INDEX "orders_stream_product_key";--> statement-breakpoint
DROP INDEX "orders_buyer_idx";--> statement-breakpoint
DROP INDEX "stream_products_stream_product_key";--> statement-breakpoint
DROP INDEX "orders_seller_created_idx";--> statement-breakpoint
ALTER TABLE "stream_products" ADD COLUMN "variant" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stream_products" ADD COLUMN "variant_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "pinned_product_id" uuid;--> statement-breakpoint
CREATE SEQUENCE "orders_number_seq" START WITH 100001;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint DEFAULT nextval('orders_number_seq') NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "orders_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" "order_source" DEFAULT 'auction' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" "order_payment_status" DEFAULT 'awaiting_payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" "order_fulfilment_status" DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" "order_payment_method";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" "order_delivery_method";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipment_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_stream_product_id_stream_products_id_fk" FOREIGN KEY ("stream_product_id") REFERENCES "public"."stream_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_delivery_settings" ADD CONSTRAINT "seller_delivery_settings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_stream_product_key" ON "order_lines" USING btree ("stream_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_pinned_product_id_products_id_fk" FOREIGN KEY ("pinned_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_seller_buyer_idx" ON "orders" USING btree ("seller_id","buyer_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_stream_idx" ON "orders" USING btree ("stream_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_buyer_idempotency_key" ON "orders" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_auction_key" ON "orders" USING btree ("stream_id","buyer_id") WHERE "orders"."source" = 'auction' and "orders"."payment_status" = 'awaiting_payment' and "orders"."payment_method" is null and "orders"."fulfilment_status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "stream_products_stream_product_key" ON "stream_products" USING btree ("stream_id","product_id","variant_key");--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
-- Orders so far were single auction wins: each becomes an order with one line, a timeline, and
-- the default 24-hour payment window from its creation.
UPDATE "orders" SET "subtotal_kobo" = "amount_kobo", "total_kobo" = "amount_kobo", "payment_due_at" = "created_at" + interval '24 hours';--> statement-breakpoint
INSERT INTO "order_lines" ("order_id", "product_id", "product_name", "product_image", "unit_price_kobo", "quantity", "stream_product_id")
  SELECT o."id", o."product_id", o."product_name", sp."product_image", o."amount_kobo", 1, o."stream_product_id"
  FROM "orders" o LEFT JOIN "stream_products" sp ON sp."id" = o."stream_product_id";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "type", "actor", "message", "created_at")
  SELECT "id", 'created', 'system', 'Won at auction', "created_at" FROM "orders";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "source" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_kobo" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_kobo" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "stream_product_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "amount_kobo";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_kobo" = "orders"."subtotal_kobo" + "orders"."delivery_fee_kobo");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."subtotal_kobo" >= 0 and "orders"."delivery_fee_kobo" >= 0);--> statement-breakpoint
DROP TYPE "public"."order_status";