CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"discount_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_kobo" bigint,
	"min_order_kobo" bigint,
	"max_discount_kobo" bigint,
	"usage_limit" integer,
	"per_buyer_limit" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"scope" text NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"stream_id" uuid,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_known" CHECK ("coupons"."kind" in ('percentage', 'fixed')),
	CONSTRAINT "coupons_scope_known" CHECK ("coupons"."scope" in ('store', 'products', 'live')),
	CONSTRAINT "coupons_value_matches_kind" CHECK (("coupons"."kind" = 'percentage' and "coupons"."percent_off" between 1 and 100 and "coupons"."amount_off_kobo" is null) or ("coupons"."kind" = 'fixed' and "coupons"."amount_off_kobo" > 0 and "coupons"."percent_off" is null)),
	CONSTRAINT "coupons_dates_in_order" CHECK ("coupons"."ends_at" is null or "coupons"."ends_at" > "coupons"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_adds_up";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_not_negative";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_key" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_buyer_idx" ON "coupon_redemptions" USING btree ("coupon_id","buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_seller_code_key" ON "coupons" USING btree ("seller_id",lower("code"));--> statement-breakpoint
CREATE INDEX "coupons_seller_created_idx" ON "coupons" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_kobo" = "orders"."subtotal_kobo" + "orders"."delivery_fee_kobo" - "orders"."discount_kobo");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."subtotal_kobo" >= 0 and "orders"."delivery_fee_kobo" >= 0 and "orders"."discount_kobo" >= 0 and "orders"."discount_kobo" <= "orders"."subtotal_kobo");