CREATE TYPE "public"."campaign_status" AS ENUM('scheduled', 'sending', 'sent', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."inbox_item_kind" AS ENUM('campaign', 'show_scheduled', 'show_started', 'payment_reminder');--> statement-breakpoint
CREATE TABLE "buyer_store_preferences" (
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"unsubscribed" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_store_preferences_seller_id_buyer_id_pk" PRIMARY KEY("seller_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"image" text,
	"attachment" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"status" "campaign_status" DEFAULT 'scheduled' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" "inbox_item_kind" NOT NULL,
	"campaign_id" uuid,
	"dedupe_key" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"image" text,
	"link" text,
	"link_label" text,
	"coupon_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_follows" (
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_follows_seller_id_buyer_id_pk" PRIMARY KEY("seller_id","buyer_id")
);
--> statement-breakpoint
ALTER TABLE "buyer_store_preferences" ADD CONSTRAINT "buyer_store_preferences_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_store_preferences" ADD CONSTRAINT "buyer_store_preferences_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_follows" ADD CONSTRAINT "store_follows_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_follows" ADD CONSTRAINT "store_follows_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_seller_scheduled_idx" ON "campaigns" USING btree ("seller_id","scheduled_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_buyer_dedupe_key" ON "inbox_items" USING btree ("buyer_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "inbox_items_buyer_created_idx" ON "inbox_items" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "inbox_items_buyer_unread_idx" ON "inbox_items" USING btree ("buyer_id") WHERE "inbox_items"."opened_at" is null;--> statement-breakpoint
CREATE INDEX "inbox_items_campaign_idx" ON "inbox_items" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "store_follows_buyer_idx" ON "store_follows" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "store_follows_seller_created_idx" ON "store_follows" USING btree ("seller_id","created_at");