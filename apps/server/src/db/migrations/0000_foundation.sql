CREATE TYPE "public"."account_type" AS ENUM('individual', 'business');--> statement-breakpoint
CREATE TABLE "sellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"store_name" text NOT NULL,
	"business_name" text,
	"password_hash" text NOT NULL,
	"store_avatar_url" text,
	"store_banner_url" text,
	"account_type" "account_type",
	"email_verified" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"has_filled_address" boolean DEFAULT false NOT NULL,
	"has_filled_business_address" boolean DEFAULT false NOT NULL,
	"onboarding_process" text,
	"wallet_balance_kobo" bigint DEFAULT 0 NOT NULL,
	"bank_details" jsonb,
	"seller_address" jsonb,
	"business_address" jsonb,
	"vacation_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_email_lower_key" ON "sellers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_store_name_lower_key" ON "sellers" USING btree (lower("store_name"));--> statement-breakpoint
CREATE INDEX "sellers_created_at_idx" ON "sellers" USING btree ("created_at");