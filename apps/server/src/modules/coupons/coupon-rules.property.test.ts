import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CartLine,
  type CouponTerms,
  couponStatus,
  evaluateCoupon,
  type ShowState,
} from '@/modules/coupons/coupon-rules.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const PRODUCTS = ['p1', 'p2', 'p3', 'p4'];

const terms: fc.Arbitrary<CouponTerms> = fc
  .record({
    kind: fc.constantFrom('percentage' as const, 'fixed' as const),
    percentOff: fc.integer({ min: 1, max: 100 }),
    amountOffKobo: fc.integer({ min: 1, max: 50_000_00 }),
    minOrderKobo: fc.option(fc.integer({ min: 1, max: 100_000_00 }), { nil: null }),
    maxDiscountKobo: fc.option(fc.integer({ min: 1, max: 20_000_00 }), { nil: null }),
    usageLimit: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
    perBuyerLimit: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    startOffsetH: fc.integer({ min: -100, max: 100 }),
    lengthH: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
    scope: fc.constantFrom('store' as const, 'products' as const, 'live' as const),
    productIds: fc.subarray(PRODUCTS, { minLength: 1 }),
    disabled: fc.boolean(),
  })
  .map((r) => ({
    code: 'SAVE',
    kind: r.kind,
    percentOff: r.kind === 'percentage' ? r.percentOff : null,
    amountOffKobo: r.kind === 'fixed' ? r.amountOffKobo : null,
    minOrderKobo: r.minOrderKobo,
    maxDiscountKobo: r.kind === 'percentage' ? r.maxDiscountKobo : null,
    usageLimit: r.usageLimit,
    perBuyerLimit: r.perBuyerLimit,
    startsAt: new Date(NOW.getTime() + r.startOffsetH * HOUR),
    endsAt: r.lengthH === null ? null : new Date(NOW.getTime() + (r.startOffsetH + r.lengthH) * HOUR),
    scope: r.scope,
    productIds: r.scope === 'products' ? r.productIds : [],
    disabled: r.disabled,
  }));

const cart: fc.Arbitrary<CartLine[]> = fc.array(
  fc.record({
    productId: fc.constantFrom(...PRODUCTS),
    unitPriceKobo: fc.integer({ min: 1, max: 5_000_000_00 }),
    quantity: fc.integer({ min: 1, max: 20 }),
  }),
  { minLength: 1, maxLength: 4 },
);
const usage = fc.record({ total: fc.integer({ min: 0, max: 60 }), byBuyer: fc.integer({ min: 0, max: 6 }) });
const show: fc.Arbitrary<ShowState> = fc.option(
  fc.record({ title: fc.constant('Ankara Friday'), status: fc.constantFrom('scheduled', 'live', 'ended') }),
  { nil: null },
) as fc.Arbitrary<ShowState>;

const eligibleOf = (t: CouponTerms, c: CartLine[]) =>
  c
    .filter((l) => t.scope !== 'products' || t.productIds.includes(l.productId))
    .reduce((s, l) => s + l.unitPriceKobo * l.quantity, 0);

describe('evaluateCoupon', () => {
  it('never gives a negative discount, nor more than the eligible subtotal or the maximum, in whole kobo', () => {
    fc.assert(
      fc.property(terms, cart, usage, show, (t, c, u, s) => {
        const d = evaluateCoupon(t, c, u, s, NOW);
        if (!d.ok) return;
        expect(Number.isInteger(d.discountKobo)).toBe(true);
        expect(d.discountKobo).toBeGreaterThanOrEqual(0);
        expect(d.discountKobo).toBeLessThanOrEqual(d.eligibleSubtotalKobo);
        expect(d.eligibleSubtotalKobo).toBe(eligibleOf(t, c));
        if (t.maxDiscountKobo !== null) expect(d.discountKobo).toBeLessThanOrEqual(t.maxDiscountKobo);
        if (t.kind === 'fixed') expect(d.discountKobo).toBeLessThanOrEqual(t.amountOffKobo ?? 0);
        if (t.kind === 'percentage') {
          expect(d.discountKobo).toBeLessThanOrEqual((d.eligibleSubtotalKobo * (t.percentOff ?? 0)) / 100);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('applies only when every rule holds, and otherwise names the rule', () => {
    fc.assert(
      fc.property(terms, cart, usage, show, (t, c, u, s) => {
        const d = evaluateCoupon(t, c, u, s, NOW);
        const inDates = NOW >= t.startsAt && (t.endsAt === null || NOW < t.endsAt);
        const showOk = t.scope !== 'live' || s?.status === 'live';
        const limitsOk =
          (t.usageLimit === null || u.total < t.usageLimit) &&
          (t.perBuyerLimit === null || u.byBuyer < t.perBuyerLimit);
        const eligible = eligibleOf(t, c);
        const cartOk = eligible > 0 && (t.minOrderKobo === null || eligible >= t.minOrderKobo);
        expect(d.ok).toBe(!t.disabled && inDates && showOk && limitsOk && cartOk);
        if (!d.ok) {
          expect(d.message.length).toBeGreaterThan(0);
          if (t.disabled) expect(d.reason).toBe('disabled');
          else if (NOW < t.startsAt) expect(d.reason).toBe('not_started');
          else if (t.usageLimit !== null && u.total >= t.usageLimit && inDates && showOk) {
            expect(d.reason).toBe('used_up');
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a wider cart never lowers the discount of a store-wide coupon it already applied to', () => {
    fc.assert(
      fc.property(terms, cart, cart, (t0, c, extra) => {
        const t: CouponTerms = {
          ...t0,
          scope: 'store',
          productIds: [],
          disabled: false,
          startsAt: new Date(0),
          endsAt: null,
        };
        const free = { total: 0, byBuyer: 0 };
        const a = evaluateCoupon(t, c, free, null, NOW);
        const b = evaluateCoupon(t, [...c, ...extra], free, null, NOW);
        if (a.ok) {
          expect(b.ok).toBe(true);
          if (b.ok) expect(b.discountKobo).toBeGreaterThanOrEqual(a.discountKobo);
        }
      }),
    );
  });

  it('a live-show coupon works only while its show is live, and is expired once it ended', () => {
    const t: CouponTerms = {
      code: 'LIVE20',
      kind: 'percentage',
      percentOff: 20,
      amountOffKobo: null,
      minOrderKobo: null,
      maxDiscountKobo: null,
      usageLimit: null,
      perBuyerLimit: null,
      startsAt: new Date(0),
      endsAt: null,
      scope: 'live',
      productIds: [],
      disabled: false,
    };
    const c = [{ productId: 'p1', unitPriceKobo: 10_000_00, quantity: 1 }];
    const u = { total: 0, byBuyer: 0 };
    expect(evaluateCoupon(t, c, u, { title: 'Ankara Friday', status: 'live' }, NOW)).toEqual({
      ok: true,
      discountKobo: 2_000_00,
      eligibleSubtotalKobo: 10_000_00,
    });
    expect(evaluateCoupon(t, c, u, { title: 'Ankara Friday', status: 'scheduled' }, NOW)).toMatchObject({
      ok: false,
      reason: 'show_not_live',
      message: 'This code only works while the live show "Ankara Friday" is on',
    });
    expect(evaluateCoupon(t, c, u, { title: 'Ankara Friday', status: 'ended' }, NOW)).toMatchObject({
      ok: false,
      reason: 'expired',
    });
    expect(couponStatus(t, { title: 'x', status: 'ended' }, NOW)).toBe('expired');
    expect(couponStatus(t, { title: 'x', status: 'scheduled' }, NOW)).toBe('active');
  });

  it('caps a percentage at its maximum and takes a fixed amount only up to the items', () => {
    const base: CouponTerms = {
      code: 'X',
      kind: 'percentage',
      percentOff: 50,
      amountOffKobo: null,
      minOrderKobo: 5_000_00,
      maxDiscountKobo: 3_000_00,
      usageLimit: 10,
      perBuyerLimit: 1,
      startsAt: new Date(0),
      endsAt: new Date(NOW.getTime() + HOUR),
      scope: 'products',
      productIds: ['p1'],
      disabled: false,
    };
    const c = [
      { productId: 'p1', unitPriceKobo: 8_000_00, quantity: 1 },
      { productId: 'p2', unitPriceKobo: 100_000_00, quantity: 1 },
    ];
    const free = { total: 0, byBuyer: 0 };
    expect(evaluateCoupon(base, c, free, null, NOW)).toMatchObject({ ok: true, discountKobo: 3_000_00 });
    expect(evaluateCoupon(base, [c[1] as CartLine], free, null, NOW)).toMatchObject({
      reason: 'not_for_product',
      message: 'This code is not for this product',
    });
    expect(
      evaluateCoupon(base, [{ productId: 'p1', unitPriceKobo: 4_000_00, quantity: 1 }], free, null, NOW),
    ).toMatchObject({ reason: 'minimum_not_met', message: 'Spend at least ₦5,000.00 to use this code' });
    expect(evaluateCoupon(base, c, { total: 10, byBuyer: 0 }, null, NOW)).toMatchObject({
      reason: 'used_up',
    });
    expect(evaluateCoupon(base, c, { total: 3, byBuyer: 1 }, null, NOW)).toMatchObject({
      reason: 'already_used',
      message: 'You have already used this code',
    });
    expect(evaluateCoupon(base, c, free, null, new Date(NOW.getTime() + HOUR))).toMatchObject({
      reason: 'expired',
    });
    const fixed: CouponTerms = {
      ...base,
      kind: 'fixed',
      percentOff: null,
      amountOffKobo: 9_000_00,
      maxDiscountKobo: null,
      minOrderKobo: null,
    };
    expect(evaluateCoupon(fixed, c, free, null, NOW)).toMatchObject({ ok: true, discountKobo: 8_000_00 });
  });
});
