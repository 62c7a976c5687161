CREATE TABLE "max_bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"stream_product_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"max_kobo" bigint NOT NULL,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "seller_away_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "max_bids" ADD CONSTRAINT "max_bids_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "max_bids" ADD CONSTRAINT "max_bids_stream_product_id_stream_products_id_fk" FOREIGN KEY ("stream_product_id") REFERENCES "public"."stream_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "max_bids" ADD CONSTRAINT "max_bids_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "max_bids_item_round_buyer_key" ON "max_bids" USING btree ("stream_product_id","round","buyer_id");--> statement-breakpoint
CREATE INDEX "max_bids_item_round_rank_idx" ON "max_bids" USING btree ("stream_product_id","round","max_kobo" DESC NULLS LAST,"seq");--> statement-breakpoint
CREATE INDEX "max_bids_buyer_stream_idx" ON "max_bids" USING btree ("buyer_id","stream_id");