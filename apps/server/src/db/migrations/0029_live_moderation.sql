CREATE TABLE "store_chat_settings" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"muted_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_moderators" (
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_moderators_seller_id_buyer_id_pk" PRIMARY KEY("seller_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "stream_mutes" (
	"stream_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"muted_by" uuid NOT NULL,
	"muted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_mutes_stream_id_buyer_id_pk" PRIMARY KEY("stream_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "stream_rooms" (
	"stream_id" uuid PRIMARY KEY NOT NULL,
	"slow_mode_seconds" integer DEFAULT 0 NOT NULL,
	"pinned_comment_id" uuid,
	"cohost_seller_id" uuid
);
--> statement-breakpoint
ALTER TABLE "stream_comments" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stream_comments" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_chat_settings" ADD CONSTRAINT "store_chat_settings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_moderators" ADD CONSTRAINT "store_moderators_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_moderators" ADD CONSTRAINT "store_moderators_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_mutes" ADD CONSTRAINT "stream_mutes_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_mutes" ADD CONSTRAINT "stream_mutes_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_rooms" ADD CONSTRAINT "stream_rooms_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_rooms" ADD CONSTRAINT "stream_rooms_pinned_comment_id_stream_comments_id_fk" FOREIGN KEY ("pinned_comment_id") REFERENCES "public"."stream_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_rooms" ADD CONSTRAINT "stream_rooms_cohost_seller_id_sellers_id_fk" FOREIGN KEY ("cohost_seller_id") REFERENCES "public"."sellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_comments_stream_author_idx" ON "stream_comments" USING btree ("stream_id","author_id","created_at");