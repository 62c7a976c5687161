import type { OrderTab } from '@kasuwa/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyers, type OrderRow } from '@/db/schema/index.ts';
import {
  MAX_INDEXED_WORDS,
  type OrderListFilter,
  type OrderListsRepository,
  orderListsRepository,
} from '@/modules/orders/order-lists.repository.ts';
import { NARROWED_COUNT_PAGES_AHEAD } from '@/modules/orders/order-lists.service.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { insertOrder } from '@/test/order-rows.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let repo: OrderListsRepository;
beforeAll(async () => {
  t = await buildTestApp();
  repo = orderListsRepository(t.db);
});
afterAll(() => t?.close());

// Words made of a few syllables, so that searches are often substrings of several of the seller's
// words (`kar` in `ankara` and `karra`), with LIKE's wildcards and a letter PostgreSQL lower-cases.
const syllable = fc.constantFrom('an', 'ka', 'ra', 'kar', 'a', 'Ok', 'É', '%', '_');
const word = fc.array(syllable, { minLength: 1, maxLength: 3 }).map((s) => s.join(''));
const name = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.constantFrom(' ', '  '))
  .map(([words, gap]) => words.join(gap));

/** Payment, fulfilment and method that put an order in each tab, `other` included. */
const STATES: readonly Pick<OrderRow, 'paymentStatus' | 'fulfilmentStatus' | 'paymentMethod'>[] = [
  { paymentStatus: 'awaiting_payment', fulfilmentStatus: 'unfulfilled', paymentMethod: 'online' },
  { paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled', paymentMethod: 'online' },
  {
    paymentStatus: 'pay_on_delivery_pending',
    fulfilmentStatus: 'unfulfilled',
    paymentMethod: 'pay_on_delivery',
  },
  { paymentStatus: 'paid', fulfilmentStatus: 'shipped', paymentMethod: 'online' },
  { paymentStatus: 'paid', fulfilmentStatus: 'delivered', paymentMethod: 'online' },
  { paymentStatus: 'awaiting_payment', fulfilmentStatus: 'cancelled', paymentMethod: 'online' },
  { paymentStatus: 'refunded', fulfilmentStatus: 'unfulfilled', paymentMethod: 'online' },
];
const TABS: readonly OrderTab[] = ['to_pay', 'to_ship', 'shipped', 'delivered', 'cancelled'];

const order = fc.record({
  buyer: fc.nat(),
  lines: fc.array(name, { minLength: 1, maxLength: 3 }),
  state: fc.nat(),
  // A few steps apart at most (`at`), so many orders share an instant and the id breaks the tie.
  hour: fc.integer({ min: 0, max: 4 }),
});

type Change =
  | { type: 'state'; order: number; state: number }
  | { type: 'renameBuyer'; buyer: number; name: string }
  | { type: 'addLine'; order: number; name: string }
  | { type: 'renameLine'; order: number; name: string }
  | { type: 'dropLine'; order: number }
  | { type: 'deleteOrder'; order: number };
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ type: fc.constant('state' as const), order: fc.nat(), state: fc.nat() }),
  fc.record({ type: fc.constant('renameBuyer' as const), buyer: fc.nat(), name }),
  fc.record({ type: fc.constant('addLine' as const), order: fc.nat(), name }),
  fc.record({ type: fc.constant('renameLine' as const), order: fc.nat(), name }),
  fc.record({ type: fc.constant('dropLine' as const), order: fc.nat() }),
  fc.record({ type: fc.constant('deleteOrder' as const), order: fc.nat() }),
);

const query = fc.record({
  tab: fc.constantFrom(...TABS),
  // A piece of one of the seller's words (found by index into them), or any word.
  search: fc.oneof(
    fc.record({ from: fc.nat(), start: fc.nat(), length: fc.integer({ min: 1, max: 5 }) }),
    word,
  ),
  sort: fc.constantFrom('newest' as const, 'oldest' as const),
  limit: fc.integer({ min: 1, max: 4 }),
  page: fc.integer({ min: 1, max: 4 }),
  // A window of steps [from, to) or none.
  dates: fc.option(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 5 }))),
});

const BASE = Date.UTC(2026, 0, 10, 8);
// Steps of 19 h 45 min from a Saturday morning in Lagos (Sat 09:00, Sun 04:45, Mon 00:30 — still
// Sunday in UTC —, Mon 20:15, Tue 16:00): two Lagos weeks for the word index's weekly counts, several
// orders on each instant.
const at = (step: number) => new Date(BASE + step * 71_100_000);
const pick = <T>(items: readonly T[], n: number): T | undefined => items[n % Math.max(items.length, 1)];

/** A new seller and one buyer, Ada Obi, to place their orders. */
async function sellerWithBuyer() {
  const { seller } = await sellerWithToken(t);
  const [b] = await t.db
    .insert(buyers)
    .values({ name: 'Ada Obi', email: `${seller.id}@example.ng`, passwordHash: 'not-used' })
    .returning();
  return { seller, buyerId: b?.id ?? '' };
}

describe('the Orders search word index', () => {
  it('answers the same page, order and capped total as the LIKE walk, and follows every change to orders, lines and buyers', async () => {
    let viaWords = 0;
    let viaWalk = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(name, { minLength: 1, maxLength: 4 }),
        fc.array(order, { minLength: 1, maxLength: 16 }),
        fc.array(change, { maxLength: 8 }),
        fc.array(query, { minLength: 1, maxLength: 6 }),
        async (buyerNames, specs, changes, queries) => {
          const { seller } = await sellerWithToken(t);
          const buyerIds: string[] = [];
          for (const [i, buyerName] of buyerNames.entries()) {
            const [b] = await t.db
              .insert(buyers)
              .values({
                name: buyerName,
                email: `${seller.id}-${i}@example.ng`,
                passwordHash: 'not-used',
              })
              .returning();
            if (b) buyerIds.push(b.id);
          }
          const orderIds: string[] = [];
          for (const spec of specs) {
            const state = pick(STATES, spec.state) ?? STATES[0];
            const created = await insertOrder(t.db, {
              sellerId: seller.id,
              buyerId: pick(buyerIds, spec.buyer) ?? '',
              payment: state?.paymentStatus,
              fulfilment: state?.fulfilmentStatus,
              method: state?.paymentMethod,
              createdAt: at(spec.hour),
              lines: spec.lines.map((lineName) => ({ name: lineName, priceKobo: 100 })),
            });
            orderIds.push(created.id);
          }
          for (const c of changes) {
            const id = 'order' in c ? pick(orderIds, c.order) : undefined;
            if (c.type === 'state' && id) {
              const s = pick(STATES, c.state);
              await t.db.execute(sql`UPDATE orders SET payment_status = ${s?.paymentStatus},
                fulfilment_status = ${s?.fulfilmentStatus}, payment_method = ${s?.paymentMethod} WHERE id = ${id}`);
            } else if (c.type === 'renameBuyer') {
              await t.db.execute(
                sql`UPDATE buyers SET name = ${c.name} WHERE id = ${pick(buyerIds, c.buyer)}`,
              );
            } else if (c.type === 'addLine' && id) {
              await t.db.execute(sql`INSERT INTO order_lines (order_id, product_name, unit_price_kobo, quantity)
                VALUES (${id}, ${c.name}, 100, 1)`);
            } else if (c.type === 'renameLine' && id) {
              await t.db.execute(sql`UPDATE order_lines SET product_name = ${c.name}
                WHERE id = (SELECT id FROM order_lines WHERE order_id = ${id} ORDER BY id LIMIT 1)`);
            } else if (c.type === 'dropLine' && id) {
              await t.db.execute(sql`DELETE FROM order_lines
                WHERE id = (SELECT id FROM order_lines WHERE order_id = ${id} ORDER BY id LIMIT 1)`);
            } else if (c.type === 'deleteOrder' && id) {
              await t.db.execute(sql`DELETE FROM orders WHERE id = ${id}`);
              orderIds.splice(orderIds.indexOf(id), 1);
            }
          }

          // The index holds exactly each order's words, under its tab and date, and the
          // vocabulary every one of them.
          const drift = await t.db.execute<{ n: number }>(sql`
            WITH want AS (
              SELECT o.seller_id, o.list_tab, w AS word, o.created_at, o.id AS order_id
              FROM orders o, unnest(order_search_tokens(o.search_text)) w WHERE o.seller_id = ${seller.id}
            ), have AS (
              SELECT seller_id, list_tab, word, created_at, order_id FROM order_search_words WHERE seller_id = ${seller.id}
            )
            SELECT (SELECT count(*) FROM (SELECT * FROM want EXCEPT ALL SELECT * FROM have) a)::int
                 + (SELECT count(*) FROM (SELECT * FROM have EXCEPT ALL SELECT * FROM want) b)::int
                 + (SELECT count(*) FROM want WHERE NOT EXISTS (
                     SELECT 1 FROM order_search_vocabulary v WHERE v.seller_id = want.seller_id AND v.word = want.word))::int
                 -- and the weekly counts (migration 0039) are the index's, no week left at zero.
                 + (SELECT count(*) FROM (
                     (SELECT seller_id, list_tab, word, lagos_week(created_at), count(*)::int FROM have GROUP BY 1, 2, 3, 4
                      EXCEPT ALL SELECT seller_id, list_tab, word, week, order_count FROM order_search_word_weeks WHERE seller_id = ${seller.id})
                     UNION ALL
                     (SELECT seller_id, list_tab, word, week, order_count FROM order_search_word_weeks WHERE seller_id = ${seller.id}
                      EXCEPT ALL SELECT seller_id, list_tab, word, lagos_week(created_at), count(*)::int FROM have GROUP BY 1, 2, 3, 4)) c)::int AS n`);
          expect(drift.rows[0]?.n).toBe(0);

          const { rows: wordRows } = await t.db.execute<{ word: string }>(
            sql`SELECT word FROM order_search_vocabulary WHERE seller_id = ${seller.id} ORDER BY word`,
          );
          const vocabulary = wordRows.map((r) => r.word);
          for (const q of queries) {
            let searched: string;
            if (typeof q.search === 'string') searched = q.search.toLowerCase();
            else {
              const from = pick(vocabulary, q.search.from) ?? 'a';
              const start = q.search.start % from.length;
              searched = from.slice(start, start + q.search.length);
            }
            const offset = (q.page - 1) * q.limit;
            const page = {
              offset,
              limit: q.limit,
              countCap: offset + q.limit * NARROWED_COUNT_PAGES_AHEAD + 1,
            };
            const filter: OrderListFilter = {
              sellerId: seller.id,
              tab: q.tab,
              words: [searched],
              number: null,
              fromInstant: q.dates ? at(q.dates[0]) : null,
              toInstant: q.dates ? at(q.dates[0] + q.dates[1]) : null,
              streamId: null,
              sort: q.sort,
            };
            const indexed = await repo.readPage(filter, page);
            // The same word twice means the same search, and takes the walk with LIKE.
            const walked = await repo.readPage({ ...filter, words: [searched, searched] }, page);
            expect(walked.viaWords).toBe(false);
            const holding = vocabulary.filter((w) => w.includes(searched)).length;
            expect(indexed.viaWords, searched).toBe(holding <= MAX_INDEXED_WORDS);
            if (indexed.viaWords) viaWords++;
            else viaWalk++;
            // The page's orders: their kept summaries in the list's order (ids included).
            expect(indexed.orders).toBe(walked.orders);
            expect(indexed.matched).toBe(walked.matched);
            expect(indexed.counts).toEqual(walked.counts);
          }
        },
      ),
      { numRuns: 40 },
    );
    // The runs did read the word index (the walk's side is pinned by the example below).
    expect(viaWords).toBeGreaterThan(viaWalk);
  }, 240_000);

  it('finds a word inside a longer one through the index, and walks when the word is in too many of the seller’s words', async () => {
    const { seller, buyerId } = await sellerWithBuyer();
    const names = [
      'Ankara Gown',
      'Karaoke Mic',
      ...Array.from({ length: MAX_INDEXED_WORDS }, (_, i) => `Item${i}`),
    ];
    const ids: string[] = [];
    for (const [i, productName] of names.entries()) {
      const o = await insertOrder(t.db, {
        sellerId: seller.id,
        buyerId,
        createdAt: at(i % 3),
        lines: [{ name: productName, priceKobo: 100 }],
      });
      ids.push(o.id);
    }
    const filter = (word: string): OrderListFilter => ({
      sellerId: seller.id,
      tab: 'to_ship',
      words: [word],
      number: null,
      fromInstant: null,
      toInstant: null,
      streamId: null,
      sort: 'newest',
    });
    const page = { offset: 0, limit: 20, countCap: 101 };
    const kara = await repo.readPage(filter('kara'), page);
    expect(kara.viaWords).toBe(true);
    const orderIds = (found: { orders: string }) =>
      (JSON.parse(`[${found.orders}]`) as { _id: string }[]).map((o) => o._id);
    expect(new Set(orderIds(kara))).toEqual(new Set(ids.slice(0, 2)));
    expect(kara.matched).toBe(2);
    // `item` is in MAX_INDEXED_WORDS words and `i` in more (the buyer's `obi` too): the first is
    // read from the index, the second walks; both find what LIKE finds.
    const item = await repo.readPage(filter('item'), page);
    expect(item.viaWords).toBe(true);
    expect(item.matched).toBe(MAX_INDEXED_WORDS);
    const i = await repo.readPage(filter('i'), page);
    expect(i.viaWords).toBe(false);
    expect(i.matched).toBe(names.length);
  });

  it('pages a word across Lagos weeks by their counts exactly as the walk does, at every page and edge', async () => {
    const { seller, buyerId } = await sellerWithBuyer();
    // Around the edges of Lagos weeks (Monday 00:00 Lagos is Sunday 23:00 UTC), several orders on
    // one instant, and one order of another tab and one of another word that must not count.
    const instants = [
      '2026-01-04T22:59:59.999Z', // Sunday 23:59 Lagos
      '2026-01-04T23:00:00.000Z', // Monday 00:00 Lagos
      '2026-01-04T23:30:00.000Z', // Monday 00:30 Lagos, Sunday in UTC
      '2026-01-10T12:00:00.000Z', // Saturday
      '2026-01-11T22:30:00.000Z', // Sunday 23:30 Lagos
      '2026-01-18T23:00:00.000Z', // Monday 00:00 Lagos, two weeks on
      '2026-02-20T10:00:00.000Z',
    ];
    for (const [i, instant] of instants.entries()) {
      for (let k = 0; k < 1 + (i % 3); k++) {
        await insertOrder(t.db, {
          sellerId: seller.id,
          buyerId,
          createdAt: new Date(instant),
          lines: [{ name: 'Ankara Gown', priceKobo: 100 }],
        });
      }
    }
    await insertOrder(t.db, {
      sellerId: seller.id,
      buyerId,
      payment: 'awaiting_payment',
      lines: [{ name: 'Ankara', priceKobo: 1 }],
    });
    await insertOrder(t.db, { sellerId: seller.id, buyerId, lines: [{ name: 'Gele', priceKobo: 1 }] });
    for (const sort of ['newest', 'oldest'] as const) {
      for (const limit of [1, 2, 3, 5]) {
        for (let pageNo = 1; pageNo <= 15 / limit + 1; pageNo++) {
          const filter: OrderListFilter = {
            sellerId: seller.id,
            tab: 'to_ship',
            words: ['ankara'],
            number: null,
            fromInstant: null,
            toInstant: null,
            streamId: null,
            sort,
          };
          const offset = (pageNo - 1) * limit;
          const page = { offset, limit, countCap: offset + limit * NARROWED_COUNT_PAGES_AHEAD + 1 };
          const indexed = await repo.readPage(filter, page);
          const walked = await repo.readPage({ ...filter, words: ['ankara', 'ankara'] }, page);
          expect(indexed.viaWords).toBe(true);
          expect(indexed.orders, `${sort} ${limit} ${pageNo}`).toBe(walked.orders);
          expect(indexed.matched, `${sort} ${limit} ${pageNo}`).toBe(walked.matched);
        }
      }
    }
  });
});
