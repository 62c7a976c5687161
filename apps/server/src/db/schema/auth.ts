import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sellers } from './sellers.ts';

export const codePurposeEnum = pgEnum('code_purpose', ['verify_email', 'reset_password', 'step_up']);

/**
 * One-time codes sent by e-mail. Only an HMAC of the code is kept; a code is single use, expires, and
 * is refused after too many wrong tries. Asking for a new code retires the previous one.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    purpose: codePurposeEnum('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set when used, or when a newer code replaced it. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('one_time_codes_seller_purpose_idx').on(t.sellerId, t.purpose, t.createdAt)],
);

/** Failed log-ins per account, so an account can be protected whichever address the attempts come from. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_seller_at_idx').on(t.sellerId, t.at)],
);
