CREATE TABLE "seller_devices" (
	"seller_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"token_version" integer NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seller_devices_seller_id_device_id_pk" PRIMARY KEY("seller_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "seller_devices" ADD CONSTRAINT "seller_devices_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;