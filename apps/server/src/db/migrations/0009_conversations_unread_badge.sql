-- The messages badge counts unread buyer messages of one seller every minute from every open
-- dashboard: this partial index holds exactly those rows, so the count is an index-only scan.
DROP INDEX "conversation_messages_unread_idx";--> statement-breakpoint
CREATE INDEX "conversation_messages_buyer_unread_idx" ON "conversation_messages" USING btree ("conversation_id") WHERE "conversation_messages"."sender" = 'buyer' AND "conversation_messages"."read_at" IS NULL;