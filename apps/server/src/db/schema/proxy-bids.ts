import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { buyers } from './buyers.ts';
import { streamProducts, streams } from './live.ts';

/**
 * Buyers' max bids (issue 21, docs/proxy-bidding.md): one per buyer per auction run of a stream
 * product. A pre-bid is one set before the run started (`round` is the run it waits for). `seq`
 * orders them for ties (the earlier max wins); raising a max takes a new `seq`. Private: only its
 * buyer reads it.
 */
export const maxBids = pgTable(
  'max_bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    streamProductId: uuid('stream_product_id')
      .notNull()
      .references(() => streamProducts.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    maxKobo: bigint('max_kobo', { mode: 'number' }).notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('max_bids_item_round_buyer_key').on(t.streamProductId, t.round, t.buyerId),
    // The book's top offers of a run, read under the auction's row lock at every change.
    index('max_bids_item_round_rank_idx').on(t.streamProductId, t.round, t.maxKobo.desc(), t.seq),
    index('max_bids_buyer_stream_idx').on(t.buyerId, t.streamId),
  ],
);

export type MaxBidRow = typeof maxBids.$inferSelect;
