// The summary JSON PostgreSQL keeps on each order for the Orders list (migration 0038) against what
// the server makes of the same order (toOrderSummary over ORDER_SUMMARY_COLUMNS, checked with the
// contract and written by JSON.stringify), byte for byte: over random orders — names with quotes,
// backslashes, tabs and letters outside ASCII, images or none, variants, quantities and prices that
// tie, totals with and without kobo, every status and method, a show or none, times with
// microseconds — and after each kind of change that the summary shows (status, method, total, the
// buyer's state and name, lines added, renamed, re-priced, re-counted, re-imaged, re-varied and
// dropped, the show renamed and deleted) or does not (a tracking number).
import {
  deliveryMethodSchema,
  fulfilmentStatusSchema,
  orderSourceSchema,
  orderSummarySchema,
  paymentMethodSchema,
  paymentStatusSchema,
} from '@kasuwa/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers, orderLines, orders, streams } from '@/db/schema/index.ts';
import { orderListsRepository } from '@/modules/orders/order-lists.repository.ts';
import {
  ORDER_SUMMARY_COLUMNS,
  ORDER_SUMMARY_JOINS,
  type OrderSummaryRow,
  toOrderSummary,
} from '@/modules/orders/order-summary.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { insertShow } from '@/test/order-rows.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

// As the contract keeps a variant's fields: trimmed, not empty.
const text = fc
  .string({ minLength: 1, maxLength: 10 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const productName = fc.oneof(
  fc.constantFrom('Adire "Royal" \\ Throw', 'Ankara : gown, blue', 'Tab\tand\nline', 'Gèlè ✨ 𝄞', 'a', 'A'),
  fc.string({ maxLength: 12 }),
);
const line = fc.record({
  name: productName,
  image: fc.option(fc.webUrl(), { nil: null }),
  variant: fc.array(fc.record({ name: text, value: text }), { maxLength: 2 }),
  // Few prices and quantities, so the costliest line often ties and the name and id decide.
  priceKobo: fc.constantFrom(0, 100, 150, 1_500_000, 41_751_454),
  quantity: fc.integer({ min: 1, max: 3 }),
});
const order = fc.record({
  lines: fc.array(line, { maxLength: 3 }),
  totalKobo: fc.oneof(fc.integer({ min: 0, max: 5_000_000_000 }), fc.constantFrom(7, 10, 1_999_999)),
  source: fc.constantFrom(...orderSourceSchema.options),
  payment: fc.constantFrom(...paymentStatusSchema.options),
  fulfilment: fc.constantFrom(...fulfilmentStatusSchema.options),
  method: fc.option(fc.constantFrom(...paymentMethodSchema.options), { nil: null }),
  delivery: fc.option(fc.constantFrom(...deliveryMethodSchema.options), { nil: null }),
  buyerState: fc.option(fc.constantFrom('Lagos', 'Akwa Ibom', 'FCT "Abuja"'), { nil: null }),
  show: fc.boolean(),
  micros: fc.integer({ min: 0, max: 999_999 }),
});

type Change =
  | 'payment'
  | 'fulfilment'
  | 'method'
  | 'total'
  | 'state'
  | 'tracking'
  | 'renameBuyer'
  | 'addLine'
  | 'renameLine'
  | 'repriceLine'
  | 'recountLine'
  | 'reimageLine'
  | 'revaryLine'
  | 'dropLine'
  | 'renameShow'
  | 'deleteShow';
const CHANGES: readonly Change[] = [
  'payment',
  'fulfilment',
  'method',
  'total',
  'state',
  'tracking',
  'renameBuyer',
  'addLine',
  'renameLine',
  'repriceLine',
  'recountLine',
  'reimageLine',
  'revaryLine',
  'dropLine',
  'renameShow',
  'deleteShow',
];

describe('the summary JSON kept on each order', () => {
  it('is byte for byte the summary the server writes, through every change it shows', async () => {
    const { seller } = await sellerWithToken(t);
    const repo = orderListsRepository(t.db);
    const [buyer] = await t.db
      .insert(buyers)
      .values({ name: 'Amaka "Ada" Okafor', email: `${seller.id}@example.ng`, passwordHash: 'x' })
      .returning();
    if (!buyer) throw new Error('no buyer');

    /** Kept and served texts of an order. */
    const both = async (id: string) => {
      const { rows } = await t.db.execute<OrderSummaryRow & { summary_json: string | null }>(
        sql`SELECT ${ORDER_SUMMARY_COLUMNS}, o.summary_json FROM orders o ${ORDER_SUMMARY_JOINS} WHERE o.id = ${id}`,
      );
      const row = rows[0];
      if (!row) throw new Error('no order');
      return {
        kept: row.summary_json,
        served: JSON.stringify(orderSummarySchema.parse(toOrderSummary(row))),
      };
    };
    const expectKept = async (id: string, after: string) => {
      const { kept, served } = await both(id);
      expect(kept, after).toBe(served);
    };

    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        order,
        fc.array(fc.tuple(fc.constantFrom(...CHANGES), line, fc.nat()), { minLength: 1, maxLength: 5 }),
        async (spec, changes) => {
          // Plain objects (fast-check's records have no prototype, which the driver's JSON refuses).
          const o: typeof spec = JSON.parse(JSON.stringify(spec));
          const show = o.show ? await insertShow(t.db, seller.id, 'Friday "Ankara" Live', new Date()) : null;
          const [row] = await t.db
            .insert(orders)
            .values({
              sellerId: seller.id,
              buyerId: buyer.id,
              streamId: show?.id ?? null,
              source: o.source,
              paymentStatus: o.payment,
              fulfilmentStatus: o.fulfilment,
              paymentMethod: o.method,
              deliveryMethod: o.delivery,
              buyerState: o.buyerState,
              subtotalKobo: o.totalKobo,
              totalKobo: o.totalKobo,
              createdAt: sql`'2026-01-02 03:04:05+00'::timestamptz + ${o.micros} * interval '1 microsecond'`,
            })
            .returning({ id: orders.id });
          if (!row) throw new Error('no order');
          await expectKept(row.id, 'inserted without lines');
          if (o.lines.length > 0) {
            await t.db.insert(orderLines).values(
              o.lines.map((l) => ({
                orderId: row.id,
                productName: l.name,
                productImage: l.image,
                variant: l.variant,
                unitPriceKobo: l.priceKobo,
                quantity: l.quantity,
              })),
            );
          }
          await expectKept(row.id, 'with its lines');
          for (const [change, other, n] of changes) {
            const lines = await t.db
              .select({ id: orderLines.id })
              .from(orderLines)
              .where(eq(orderLines.orderId, row.id))
              .orderBy(orderLines.id);
            const lineId = lines[n % Math.max(lines.length, 1)]?.id;
            const setLine = async (values: Partial<typeof orderLines.$inferInsert>) => {
              if (lineId) await t.db.update(orderLines).set(values).where(eq(orderLines.id, lineId));
            };
            const setOrder = (values: Partial<typeof orders.$inferInsert>) =>
              t.db.update(orders).set(values).where(eq(orders.id, row.id));
            const pick = <T>(all: readonly T[]) => all[n % all.length] as T;
            if (change === 'payment') await setOrder({ paymentStatus: pick(paymentStatusSchema.options) });
            if (change === 'fulfilment') {
              await setOrder({ fulfilmentStatus: pick(fulfilmentStatusSchema.options) });
            }
            if (change === 'method') {
              await setOrder({ paymentMethod: pick(paymentMethodSchema.options), deliveryMethod: null });
            }
            if (change === 'total') await setOrder({ subtotalKobo: n * 37 + 1, totalKobo: n * 37 + 1 });
            if (change === 'state') await setOrder({ buyerState: n % 2 ? null : 'Kano' });
            if (change === 'tracking') await setOrder({ carrier: 'GIG', trackingNumber: `T${n}` });
            if (change === 'renameBuyer') {
              await t.db
                .update(buyers)
                .set({ name: `${other.name}x` })
                .where(eq(buyers.id, buyer.id));
            }
            if (change === 'addLine') {
              await t.db.insert(orderLines).values({
                orderId: row.id,
                productName: other.name,
                productImage: other.image,
                variant: other.variant,
                unitPriceKobo: other.priceKobo,
                quantity: other.quantity,
              });
            }
            if (change === 'renameLine') await setLine({ productName: other.name });
            if (change === 'repriceLine') await setLine({ unitPriceKobo: other.priceKobo });
            if (change === 'recountLine') await setLine({ quantity: other.quantity });
            if (change === 'reimageLine') await setLine({ productImage: other.image });
            if (change === 'revaryLine') await setLine({ variant: other.variant });
            if (change === 'dropLine' && lineId)
              await t.db.delete(orderLines).where(eq(orderLines.id, lineId));
            if (change === 'renameShow' && show) {
              await t.db
                .update(streams)
                .set({ title: `${other.name} live` })
                .where(eq(streams.id, show.id));
            }
            if (change === 'deleteShow' && show) await t.db.delete(streams).where(eq(streams.id, show.id));
            await expectKept(row.id, `after ${change}`);
            checked++;
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(checked).toBeGreaterThan(60);

    // The list sends the kept texts of its page in its order, joined as a JSON array's items.
    const { rows } = await t.db.execute<{ id: string }>(
      sql`SELECT id FROM orders WHERE seller_id = ${seller.id} ORDER BY created_at DESC, id DESC LIMIT 5`,
    );
    const page = await repo.readPage(
      {
        sellerId: seller.id,
        tab: 'all',
        words: [],
        number: null,
        fromInstant: null,
        toInstant: null,
        streamId: null,
        sort: 'newest',
      },
      { offset: 0, limit: 5, countCap: null },
    );
    const served = await Promise.all(rows.map(async (r) => (await both(r.id)).served));
    expect(page.orders).toBe(served.join(','));
  });
});
