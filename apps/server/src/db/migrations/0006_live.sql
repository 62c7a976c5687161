CREATE TYPE "public"."auction_outcome" AS ENUM('sold', 'unsold');--> statement-breakpoint
CREATE TYPE "public"."product_bid_status" AS ENUM('pending', 'active', 'ongoing', 'ended');--> statement-breakpoint
CREATE TYPE "public"."stream_message_kind" AS ENUM('comment', 'announcement');--> statement-breakpoint
CREATE TYPE "public"."stream_status" AS ENUM('scheduled', 'live', 'ended');--> statement-breakpoint
CREATE TYPE "public"."stream_type" AS ENUM('live_show', 'live_auction');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('awaiting_payment');--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"stream_product_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"round" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"kind" "stream_message_kind" NOT NULL,
	"author_kind" "comment_author_kind" NOT NULL,
	"author_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"product_id" uuid,
	"position" integer NOT NULL,
	"product_name" text NOT NULL,
	"product_price_kobo" bigint NOT NULL,
	"product_image" text,
	"starting_bid_kobo" bigint,
	"duration_seconds" integer,
	"counter_bid_seconds" integer,
	"sudden_death" boolean,
	"reserve_price_kobo" bigint,
	"bid_status" "product_bid_status" DEFAULT 'pending' NOT NULL,
	"current_bid_kobo" bigint,
	"current_bidder_id" uuid,
	"bids_count" integer DEFAULT 0 NOT NULL,
	"ends_at" timestamp with time zone,
	"round" integer DEFAULT 0 NOT NULL,
	"outcome" "auction_outcome",
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"type" "stream_type" NOT NULL,
	"status" "stream_status" DEFAULT 'scheduled' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" uuid NOT NULL,
	"sub_category_id" uuid,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_image" text,
	"video" text,
	"scheduled_start_time" timestamp with time zone NOT NULL,
	"actual_start_time" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"stream_id" uuid,
	"stream_product_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"status" "order_status" DEFAULT 'awaiting_payment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_stream_product_id_stream_products_id_fk" FOREIGN KEY ("stream_product_id") REFERENCES "public"."stream_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_comments" ADD CONSTRAINT "stream_comments_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_products" ADD CONSTRAINT "stream_products_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_products" ADD CONSTRAINT "stream_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_products" ADD CONSTRAINT "stream_products_current_bidder_id_buyers_id_fk" FOREIGN KEY ("current_bidder_id") REFERENCES "public"."buyers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_sub_category_id_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."sub_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stream_product_id_stream_products_id_fk" FOREIGN KEY ("stream_product_id") REFERENCES "public"."stream_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_email_lower_key" ON "buyers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "bids_product_round_amount_key" ON "bids" USING btree ("stream_product_id","round","amount_kobo");--> statement-breakpoint
CREATE INDEX "bids_stream_idx" ON "bids" USING btree ("stream_id");--> statement-breakpoint
CREATE INDEX "bids_buyer_idx" ON "bids" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "stream_comments_stream_created_idx" ON "stream_comments" USING btree ("stream_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_products_stream_product_key" ON "stream_products" USING btree ("stream_id","product_id");--> statement-breakpoint
CREATE INDEX "stream_products_stream_position_idx" ON "stream_products" USING btree ("stream_id","position");--> statement-breakpoint
CREATE INDEX "stream_products_product_idx" ON "stream_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stream_products_active_idx" ON "stream_products" USING btree ("ends_at") WHERE "stream_products"."bid_status" = 'active';--> statement-breakpoint
CREATE INDEX "streams_seller_scheduled_idx" ON "streams" USING btree ("seller_id","scheduled_start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "streams_category_idx" ON "streams" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "streams_sub_category_idx" ON "streams" USING btree ("sub_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_stream_product_key" ON "orders" USING btree ("stream_product_id");--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id");