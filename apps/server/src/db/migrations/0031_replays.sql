CREATE TYPE "public"."replay_source" AS ENUM('browser', 'egress');--> statement-breakpoint
CREATE TYPE "public"."replay_status" AS ENUM('uploading', 'recording', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "stream_replays" (
	"stream_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"source" "replay_source" NOT NULL,
	"status" "replay_status" NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"duration_seconds" real,
	"recording_started_at" timestamp with time zone,
	"storage_key" text NOT NULL,
	"egress_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_replays" ADD CONSTRAINT "stream_replays_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_replays" ADD CONSTRAINT "stream_replays_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_replays_seller_idx" ON "stream_replays" USING btree ("seller_id");