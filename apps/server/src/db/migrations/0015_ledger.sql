CREATE TYPE "public"."ledger_account" AS ENUM('pending', 'available', 'payout_in_flight', 'paid_out', 'refunds', 'owed', 'buyer_payments', 'commission', 'payment_fees');--> statement-breakpoint
CREATE TYPE "public"."ledger_entry_kind" AS ENUM('sale', 'commission', 'payment_fee', 'cash_collected', 'release', 'refund', 'commission_refund', 'payout', 'payout_returned');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_kind" AS ENUM('order_paid', 'cash_collected', 'release', 'refund', 'payout_hold', 'payout_paid', 'payout_returned');--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"seller_id" uuid NOT NULL,
	"account" "ledger_account" NOT NULL,
	"balance_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balances_seller_id_account_pk" PRIMARY KEY("seller_id","account")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"seller_id" uuid,
	"account" "ledger_account" NOT NULL,
	"kind" "ledger_entry_kind" NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"shown" boolean DEFAULT false NOT NULL,
	"description" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_seller_side" CHECK (("ledger_entries"."seller_id" is null) = ("ledger_entries"."account" in ('buyer_payments', 'commission', 'payment_fees'))),
	CONSTRAINT "ledger_entries_not_zero" CHECK ("ledger_entries"."amount_kobo" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_scheduled_releases" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"release_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" "ledger_transaction_kind" NOT NULL,
	"seller_id" uuid NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"memo" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_scheduled_releases" ADD CONSTRAINT "ledger_scheduled_releases_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_shown_at_idx" ON "ledger_entries" USING btree ("seller_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ledger_entries"."shown";--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_kind_at_idx" ON "ledger_entries" USING btree ("seller_id","kind","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ledger_entries"."shown";--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id","account","kind") WHERE "ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_scheduled_releases_seller_idx" ON "ledger_scheduled_releases" USING btree ("seller_id","release_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key" ON "ledger_transactions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_seller_at_idx" ON "ledger_transactions" USING btree ("seller_id","at" DESC NULLS LAST);--> statement-breakpoint
-- The rest is written by hand (drizzle cannot express triggers or functions).
-- Every transaction's entries sum to zero. The ledger code checks it before it inserts; this
-- deferred constraint trigger checks it again at commit, when all of a transaction's entries are
-- in, so no code path (a future module, a hand-run statement) can leave money unbalanced.
CREATE FUNCTION "ledger_entries_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT coalesce(sum("amount_kobo"), 0) INTO total FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (off by % kobo)', NEW."transaction_id", total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entries_balanced"();--> statement-breakpoint
-- Entries and transactions are immutable: a correction is a new transaction. Only the deletion of
-- the seller (a cascade, which runs inside a trigger, so pg_trigger_depth() > 1) removes rows.
CREATE FUNCTION "ledger_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ledger rows are immutable (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_immutable" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"();
