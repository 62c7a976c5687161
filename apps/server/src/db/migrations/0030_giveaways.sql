CREATE TYPE "public"."giveaway_audience" AS ENUM('everyone', 'followers', 'buyers');--> statement-breakpoint
CREATE TYPE "public"."giveaway_delivery" AS ENUM('free', 'buyer_pays');--> statement-breakpoint
CREATE TYPE "public"."giveaway_status" AS ENUM('scheduled', 'running', 'drawn', 'no_entrants');--> statement-breakpoint
ALTER TYPE "public"."order_source" ADD VALUE 'giveaway';--> statement-breakpoint
CREATE TABLE "giveaway_entries" (
	"giveaway_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaway_entries_giveaway_id_buyer_id_pk" PRIMARY KEY("giveaway_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "giveaways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"stream_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"product_image" text,
	"variant" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"audience" "giveaway_audience" DEFAULT 'everyone' NOT NULL,
	"delivery" "giveaway_delivery" DEFAULT 'buyer_pays' NOT NULL,
	"duration_seconds" integer DEFAULT 300 NOT NULL,
	"status" "giveaway_status" DEFAULT 'scheduled' NOT NULL,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"seed" text,
	"seed_hash" text,
	"entrants_hash" text,
	"entrants_count" integer DEFAULT 0 NOT NULL,
	"winner_index" integer,
	"winner_buyer_id" uuid,
	"winner_name" text,
	"order_id" uuid,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_winner_buyer_id_buyers_id_fk" FOREIGN KEY ("winner_buyer_id") REFERENCES "public"."buyers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "giveaways_seller_created_idx" ON "giveaways" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "giveaways_stream_idx" ON "giveaways" USING btree ("stream_id");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaways_one_running_key" ON "giveaways" USING btree ("stream_id") WHERE "giveaways"."status" = 'running';