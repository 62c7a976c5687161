import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A buyer account: the minimum for watching, commenting and bidding on live shows. A separate
 * table from sellers, with its own token audience, so neither kind of account can act as the other.
 */
export const buyers = pgTable(
  'buyers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Bumped to end every session of the buyer. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('buyers_email_lower_key').on(sql`lower(${t.email})`)],
);

export type BuyerRow = typeof buyers.$inferSelect;
export type NewBuyerRow = typeof buyers.$inferInsert;
