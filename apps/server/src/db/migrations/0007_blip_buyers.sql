-- Buyers' likes and counted views of blips (issue: the buyer side of blips).
CREATE TABLE "blip_like_notices" (
	"blip_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blip_like_notices_blip_id_buyer_id_pk" PRIMARY KEY("blip_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "blip_likes" (
	"blip_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blip_likes_blip_id_buyer_id_pk" PRIMARY KEY("blip_id","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "blip_views" (
	"blip_id" uuid NOT NULL,
	"viewer" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blip_views_blip_id_viewer_pk" PRIMARY KEY("blip_id","viewer")
);
--> statement-breakpoint
ALTER TABLE "blip_like_notices" ADD CONSTRAINT "blip_like_notices_blip_id_blips_id_fk" FOREIGN KEY ("blip_id") REFERENCES "public"."blips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blip_like_notices" ADD CONSTRAINT "blip_like_notices_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blip_likes" ADD CONSTRAINT "blip_likes_blip_id_blips_id_fk" FOREIGN KEY ("blip_id") REFERENCES "public"."blips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blip_likes" ADD CONSTRAINT "blip_likes_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blip_views" ADD CONSTRAINT "blip_views_blip_id_blips_id_fk" FOREIGN KEY ("blip_id") REFERENCES "public"."blips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blip_likes_buyer_idx" ON "blip_likes" USING btree ("buyer_id");