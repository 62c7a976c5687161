CREATE TYPE "public"."message_kind" AS ENUM('text', 'photo', 'product', 'order');--> statement-breakpoint
CREATE TABLE "message_mail_state" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "kind" "message_kind" DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "buyer_id" uuid;--> statement-breakpoint
ALTER TABLE "message_mail_state" ADD CONSTRAINT "message_mail_state_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quick_replies_seller_idx" ON "quick_replies" USING btree ("seller_id","created_at");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_page_idx" ON "conversation_messages" USING btree ("conversation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_messages_client_key" ON "conversation_messages" USING btree ("conversation_id","sender","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_seller_buyer_key" ON "conversations" USING btree ("seller_id","buyer_id");--> statement-breakpoint
CREATE INDEX "conversations_buyer_updated_idx" ON "conversations" USING btree ("buyer_id","updated_at" DESC NULLS LAST);