CREATE TYPE "public"."code_purpose" AS ENUM('verify_email', 'reset_password');--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"purpose" "code_purpose" NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "referral_code" text;--> statement-breakpoint
-- Sellers created before referral codes existed get one derived from their id.
UPDATE "sellers" SET "referral_code" = upper(substr(md5("id"::text), 1, 8)) WHERE "referral_code" IS NULL;--> statement-breakpoint
ALTER TABLE "sellers" ALTER COLUMN "referral_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_seller_at_idx" ON "login_failures" USING btree ("seller_id","at");--> statement-breakpoint
CREATE INDEX "one_time_codes_seller_purpose_idx" ON "one_time_codes" USING btree ("seller_id","purpose","created_at");--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_referred_by_sellers_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."sellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_referral_code_key" ON "sellers" USING btree ("referral_code");