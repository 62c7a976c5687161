DROP INDEX "ledger_entries_seller_shown_at_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_seller_kind_at_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_account_at_idx" ON "ledger_entries" USING btree ("seller_id","account","at","amount_kobo");--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_shown_at_idx" ON "ledger_entries" USING btree ("seller_id","at" DESC NULLS LAST,"id") WHERE "ledger_entries"."shown";--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_kind_at_idx" ON "ledger_entries" USING btree ("seller_id","kind","at" DESC NULLS LAST,"id") WHERE "ledger_entries"."shown";