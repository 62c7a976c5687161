ALTER TABLE "sellers" ADD COLUMN "store_slug" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "store_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "notification_preferences" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_store_slug_lower_key" ON "sellers" USING btree (lower("store_slug"));