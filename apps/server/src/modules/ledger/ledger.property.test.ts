import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { LedgerPort } from '@/modules/ledger/ledger-ports.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  expectCachesMatchEntries,
  paidOrder,
  recomputedBalances,
  unbalancedTransactions,
} from '@/test/ledger.ts';
import { sellerWithToken } from '@/test/sellers.ts';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let ledger: LedgerPort;
let buyerId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ledger = t.app.ledger.port;
  buyerId = (await buyerWithToken(t)).buyer.id;
});
afterAll(() => t.close());

const tx = <T>(fn: (q: Queryable) => Promise<T>) => t.db.transaction(fn);
/** Runs a posting the ledger may refuse (a ConflictError): a refusal changes nothing. */
const refusable = async (fn: () => Promise<unknown>) => {
  try {
    await fn();
  } catch (err) {
    if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
  }
};

type Command =
  | { type: 'paidOnline'; kobo: number }
  | { type: 'paidCash'; kobo: number }
  | { type: 'handOverAndRelease'; order: number }
  | { type: 'refund'; order: number; share: number }
  | { type: 'hold'; share: number }
  | { type: 'paid'; payout: number }
  | { type: 'returned'; payout: number; from: 'in_flight' | 'paid_out' }
  | { type: 'replay' };

const kobo = fc.integer({ min: 1, max: 3_000_000 });
const share = fc.double({ min: 0.01, max: 1.2, noNaN: true });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('paidOnline' as const), kobo }),
  fc.record({ type: fc.constant('paidCash' as const), kobo }),
  fc.record({ type: fc.constant('handOverAndRelease' as const), order: fc.nat() }),
  fc.record({ type: fc.constant('refund' as const), order: fc.nat(), share }),
  fc.record({ type: fc.constant('hold' as const), share }),
  fc.record({ type: fc.constant('paid' as const), payout: fc.nat() }),
  fc.record({
    type: fc.constant('returned' as const),
    payout: fc.nat(),
    from: fc.constantFrom('in_flight' as const, 'paid_out' as const),
  }),
  fc.constant({ type: 'replay' as const }),
);

describe('the ledger under any sequence of events', () => {
  it('balances every transaction, never lets pending or available go negative, and keeps its caches true', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 18 }), async (commands) => {
        const { seller } = await sellerWithToken(t);
        const sellerId = seller.id;
        const orders: Array<{ id: string; kobo: number; online: boolean }> = [];
        const payouts: Array<{ id: string; kobo: number }> = [];
        let last: (() => Promise<unknown>) | null = null;
        let paidIn = 0;
        for (const c of commands) {
          const at = t.clock.now();
          let run: (() => Promise<unknown>) | null = null;
          switch (c.type) {
            case 'paidOnline':
            case 'paidCash': {
              const online = c.type === 'paidOnline';
              const o = await paidOrder(t.db, {
                sellerId,
                buyerId,
                totalKobo: c.kobo,
                ...(online ? {} : { method: 'pay_on_delivery', payment: 'pay_on_delivery_pending' as const }),
              });
              orders.push({ id: o.id, kobo: c.kobo, online });
              if (online) paidIn += c.kobo;
              run = () =>
                tx((q) =>
                  online
                    ? ledger.orderPaid(q, {
                        orderId: o.id,
                        sellerId,
                        amountKobo: c.kobo,
                        paymentReference: 'r',
                        at,
                      })
                    : ledger.cashCollected(q, { orderId: o.id, sellerId, amountKobo: c.kobo, at }),
                );
              break;
            }
            case 'handOverAndRelease': {
              const o = orders[c.order % Math.max(orders.length, 1)];
              if (!o) break;
              run = async () => {
                await tx((q) =>
                  ledger.orderHandedOver(q, { orderId: o.id, sellerId, at, returnWindowDays: 7 }),
                );
                t.clock.advance(7 * DAY + 1);
                await tx((q) => t.app.ledger.releaseOrder(q, o.id));
              };
              break;
            }
            case 'refund': {
              const o = orders[c.order % Math.max(orders.length, 1)];
              if (!o) break;
              const amountKobo = Math.max(1, Math.round(o.kobo * c.share));
              const key = `refund:${randomUUID()}`;
              run = () =>
                refusable(() =>
                  tx((q) =>
                    ledger.refund(q, { key, orderId: o.id, sellerId, amountKobo, reason: 'test', at }),
                  ),
                );
              break;
            }
            case 'hold': {
              const { availableKobo } = await ledger.balances(t.db, sellerId);
              const amountKobo = Math.max(1, Math.round(availableKobo * c.share));
              const payout = { id: randomUUID(), kobo: amountKobo };
              run = () =>
                refusable(async () => {
                  await tx((q) => ledger.holdPayout(q, { payoutId: payout.id, sellerId, amountKobo, at }));
                  if (!payouts.includes(payout)) payouts.push(payout);
                });
              break;
            }
            case 'paid':
            case 'returned': {
              const p = payouts[c.payout % Math.max(payouts.length, 1)];
              if (!p) break;
              run = () =>
                refusable(() =>
                  tx((q) =>
                    c.type === 'paid'
                      ? ledger.payoutPaid(q, { payoutId: p.id, sellerId, amountKobo: p.kobo, at })
                      : ledger.payoutReturned(q, {
                          payoutId: p.id,
                          sellerId,
                          amountKobo: p.kobo,
                          from: c.from,
                          reason: 'test',
                          at,
                        }),
                  ),
                );
              break;
            }
            case 'replay':
              // The same posting again (a retried request, a replayed webhook): keyed, it posts nothing more.
              run = last;
              break;
          }
          if (!run) continue;
          await run();
          last = run;
          const b = await ledger.balances(t.db, sellerId);
          expect(b.pendingKobo).toBeGreaterThanOrEqual(0);
          expect(b.availableKobo).toBeGreaterThanOrEqual(0);
          expect(b.payoutInFlightKobo).toBeGreaterThanOrEqual(0);
          expect(b.owedKobo).toBeGreaterThanOrEqual(0);
          expect(b.refundsKobo).toBeLessThanOrEqual(paidIn);
        }
        expect(await unbalancedTransactions(t.db)).toEqual([]);
        await expectCachesMatchEntries(t.db, sellerId);
        // Nothing is refunded beyond what was paid online, order by order.
        for (const o of orders) {
          const left = await ledger.refundableKobo(t.db, o.id);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(o.online ? o.kobo : 0);
        }
        // The seller's accounts and the platform's together hold nothing: money is only moved.
        const all = await recomputedBalances(t.db, sellerId);
        expect(Object.values(all).every(Number.isSafeInteger)).toBe(true);
      }),
      { numRuns: 30 },
    );
  }, 240_000);
});

describe('racing postings', () => {
  it('never overdraws when a refund races a payout of the whole available balance', async () => {
    for (let round = 0; round < 5; round++) {
      const { seller } = await sellerWithToken(t);
      const o = await paidOrder(t.db, { sellerId: seller.id, buyerId, totalKobo: 2_000_000 });
      const at = t.clock.now();
      await tx((q) =>
        ledger.orderPaid(q, {
          orderId: o.id,
          sellerId: seller.id,
          amountKobo: 2_000_000,
          paymentReference: 'r',
          at,
        }),
      );
      await tx((q) =>
        ledger.orderHandedOver(q, { orderId: o.id, sellerId: seller.id, at, returnWindowDays: 7 }),
      );
      t.clock.advance(7 * DAY + 1);
      await tx((q) => t.app.ledger.releaseOrder(q, o.id));
      const { availableKobo } = await ledger.balances(t.db, seller.id);
      const results = await Promise.allSettled([
        tx((q) =>
          ledger.holdPayout(q, {
            payoutId: randomUUID(),
            sellerId: seller.id,
            amountKobo: availableKobo,
            at,
          }),
        ),
        tx((q) =>
          ledger.refund(q, {
            key: `refund:${o.id}`,
            orderId: o.id,
            sellerId: seller.id,
            amountKobo: 2_000_000,
            reason: 'race',
            at,
          }),
        ),
      ]);
      // The refund always goes through (the buyer is owed it); the payout only if it came first.
      expect(results[1].status).toBe('fulfilled');
      const b = await ledger.balances(t.db, seller.id);
      expect(b.availableKobo).toBeGreaterThanOrEqual(0);
      expect(b.availableKobo + b.payoutInFlightKobo - b.owedKobo).toBe(-40_000); // only the fee is lost
      await expectCachesMatchEntries(t.db, seller.id);
    }
  }, 120_000);

  it('posts a refund once when the same key arrives twice at the same moment', async () => {
    const { seller } = await sellerWithToken(t);
    const o = await paidOrder(t.db, { sellerId: seller.id, buyerId, totalKobo: 1_000_000 });
    const at = t.clock.now();
    await tx((q) =>
      ledger.orderPaid(q, {
        orderId: o.id,
        sellerId: seller.id,
        amountKobo: 1_000_000,
        paymentReference: 'r',
        at,
      }),
    );
    const refund = () =>
      tx((q) =>
        ledger.refund(q, {
          key: 'refund:same',
          orderId: o.id,
          sellerId: seller.id,
          amountKobo: 600_000,
          reason: 'x',
          at,
        }),
      );
    await Promise.all([refund(), refund()]);
    expect(await ledger.refundableKobo(t.db, o.id)).toBe(400_000);
  });
});
