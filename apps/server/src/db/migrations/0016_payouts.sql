CREATE TYPE "public"."payout_schedule" AS ENUM('manual', 'weekly', 'daily');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('pending', 'processing', 'paid', 'failed', 'reversed');--> statement-breakpoint
ALTER TYPE "public"."code_purpose" ADD VALUE 'step_up';--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"recipient_provider" text,
	"recipient_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"schedule" "payout_schedule" DEFAULT 'manual' NOT NULL,
	"hold_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" "payout_status" DEFAULT 'pending' NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"provider" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"recipient_code" text,
	"transfer_code" text,
	"send_attempted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"processing_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"failure_reason" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_settings" ADD CONSTRAINT "payout_settings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_key" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_seller_idempotency_key" ON "payouts" USING btree ("seller_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payouts_seller_created_idx" ON "payouts" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);