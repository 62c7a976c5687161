-- Written by hand (drizzle cannot express INCLUDE). Analytics' live-show funnel counts each show's
-- distinct buyers and revenue over its sale orders (~400 a show in the 1,000,000-order bench); with
-- the buyer, total and payment status in the index those are read from the index alone instead of
-- ~400 heap rows a show (docs/analytics.md). Same name and key as before, so the schema's
-- index('orders_stream_idx').on(streamId) still describes it and every other use is unchanged.
DROP INDEX IF EXISTS "orders_stream_idx";--> statement-breakpoint
CREATE INDEX "orders_stream_idx" ON "orders" USING btree ("stream_id") INCLUDE ("buyer_id", "total_kobo", "payment_status");
