import { bigint, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { buyers } from './buyers.ts';
import { streamProducts, streams } from './live.ts';
import { products } from './products.ts';
import { sellers } from './sellers.ts';

/** Only the first state exists so far: an auction's winner owes the payment. */
export const orderStatusEnum = pgEnum('order_status', ['awaiting_payment']);

/**
 * An order. Live auctions create one for each winner. The product's name is copied in, so the
 * order still reads right after the product is edited or deleted. Money is kobo.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    streamId: uuid('stream_id').references(() => streams.id, { onDelete: 'set null' }),
    streamProductId: uuid('stream_product_id').references(() => streamProducts.id, { onDelete: 'set null' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: orderStatusEnum('status').notNull().default('awaiting_payment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An auctioned product sells once: a second close can never make a second order.
    uniqueIndex('orders_stream_product_key').on(t.streamProductId),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
    index('orders_buyer_idx').on(t.buyerId),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
