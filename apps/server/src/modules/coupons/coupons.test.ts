import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { productOf, sellingSeller } from '@/test/checkout.ts';
import { checkCode, couponBodyOf, createCoupon, showOf } from '@/test/coupons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
const get = (url: string, auth: Auth) => t.app.inject({ method: 'GET', url, headers: auth });
const send = (method: 'POST' | 'PUT', url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('the seller’s coupons', () => {
  it('creates, lists with status and counts, edits, disables and enables a coupon', async () => {
    const s = await sellingSeller(t);
    const created = await createCoupon(t, s.auth, couponBodyOf(t, { code: 'ankara10', maxDiscount: 2000 }));
    expect(created).toMatchObject({ code: 'ANKARA10', status: 'active' });
    t.clock.advance(1000);
    await createCoupon(
      t,
      s.auth,
      couponBodyOf(t, {
        code: 'LATER',
        startsAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
      }),
    );
    const list = await get('/api/coupons', s.auth);
    expect(list.statusCode).toBe(200);
    expect(list.json().counts).toEqual({ all: 2, active: 1, scheduled: 1, expired: 0, disabled: 0 });
    expect(list.json().coupons.map((c: { code: string }) => c.code)).toEqual(['LATER', 'ANKARA10']);
    const scheduled = await get('/api/coupons?status=scheduled', s.auth);
    expect(scheduled.json().coupons.map((c: { code: string }) => c.code)).toEqual(['LATER']);

    const edited = await send(
      'PUT',
      `/api/coupons/${created._id}`,
      s.auth,
      couponBodyOf(t, { code: 'ANKARA15', percentOff: 15, usageLimit: 100, perBuyerLimit: 1 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().coupon).toMatchObject({ code: 'ANKARA15', percentOff: 15, usageLimit: 100 });

    const off = await send('POST', `/api/coupons/${created._id}/disable`, s.auth);
    expect(off.json().coupon).toMatchObject({ disabled: true, status: 'disabled' });
    const on = await send('POST', `/api/coupons/${created._id}/enable`, s.auth);
    expect(on.json().coupon).toMatchObject({ disabled: false, status: 'active' });

    const summary = await get('/api/coupons/summary', s.auth);
    expect(summary.json()).toEqual({ active: 1, scheduled: 1, redemptions: 0, revenue: 0, discountGiven: 0 });
  });

  it('keeps codes unique per seller whatever their case, but two sellers may share one', async () => {
    const s = await sellingSeller(t);
    const other = await sellingSeller(t);
    await createCoupon(t, s.auth, couponBodyOf(t, { code: 'Flash50' }));
    const again = await send('POST', '/api/coupons', s.auth, couponBodyOf(t, { code: 'FLASH50' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already have a coupon with the code FLASH50' });
    await createCoupon(t, other.auth, couponBodyOf(t, { code: 'flash50' }));
  });

  it('refuses bad input with 400 and a message, writing nothing', async () => {
    const s = await sellingSeller(t);
    const cases: Array<[object, RegExp]> = [
      [couponBodyOf(t, { code: 'a b' }), /letters, numbers/],
      [couponBodyOf(t, { percentOff: null }), /percentage off/],
      [couponBodyOf(t, { percentOff: 120 }), /at most 100/],
      [couponBodyOf(t, { kind: 'fixed', percentOff: null, amountOff: null }), /amount off/],
      [
        couponBodyOf(t, { kind: 'fixed', percentOff: null, amountOff: 500, minOrder: 100 }),
        /at least the amount/,
      ],
      [couponBodyOf(t, { scope: 'products' }), /at least one product/],
      [couponBodyOf(t, { scope: 'live' }), /Choose the live show/],
      [couponBodyOf(t, { endsAt: new Date(0).toISOString() }), /after the start/],
      [couponBodyOf(t, { usageLimit: 1, perBuyerLimit: 2 }), /cannot be more than total/],
      [{ ...couponBodyOf(t), extra: 1 }, /./],
    ];
    for (const [payload, message] of cases) {
      const res = await send('POST', '/api/coupons', s.auth, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // Another seller's product or show is refused as not the seller's own.
    const other = await sellingSeller(t);
    const theirs = await productOf(t, other.seller.id);
    const theirShow = await showOf(t, other.auth);
    const notMine = await send(
      'POST',
      '/api/coupons',
      s.auth,
      couponBodyOf(t, { scope: 'products', productIds: [theirs] }),
    );
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe('Choose products from your own store');
    const notMyShow = await send(
      'POST',
      '/api/coupons',
      s.auth,
      couponBodyOf(t, { scope: 'live', streamId: theirShow.id }),
    );
    expect(notMyShow.json().message).toBe('Choose one of your own live shows');
    expect(await t.db.select().from(coupons).where(eq(coupons.sellerId, s.seller.id))).toHaveLength(0);
  });

  it('offers the seller’s own products and not-ended shows to pick from', async () => {
    const s = await sellingSeller(t);
    const productId = await productOf(t, s.seller.id, { name: 'Aso oke' });
    const show = await showOf(t, s.auth);
    const ended = await showOf(t, s.auth);
    await ended.set('ended');
    const res = await get('/api/coupons/choices', s.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().products.map((p: { _id: string }) => p._id)).toContain(productId);
    expect(res.json().shows.map((x: { _id: string }) => x._id)).toEqual([show.id]);
  });

  it('never lets another seller read or change a coupon (404, as an unknown id)', async () => {
    const a = await sellingSeller(t);
    const b = await sellingSeller(t);
    const coupon = await createCoupon(t, a.auth, couponBodyOf(t, { code: 'MINE' }));
    for (const res of [
      await get(`/api/coupons/${coupon._id}`, b.auth),
      await send('PUT', `/api/coupons/${coupon._id}`, b.auth, couponBodyOf(t, { code: 'STOLEN' })),
      await send('POST', `/api/coupons/${coupon._id}/disable`, b.auth),
      await send('POST', `/api/coupons/${coupon._id}/enable`, b.auth),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Coupon not found' });
    }
    expect((await get('/api/coupons', b.auth)).json().coupons).toEqual([]);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon._id));
    expect(row).toMatchObject({ code: 'MINE', disabled: false });
    // A buyer's token is not a seller's.
    const buyer = await buyerWithToken(t);
    expect((await get('/api/coupons', buyer.auth)).statusCode).toBe(401);
  });
});

describe('a buyer’s check of a code', () => {
  it('answers the discount, or each refusal in words a buyer understands', async () => {
    const s = await sellingSeller(t);
    const gown = await productOf(t, s.seller.id); // ₦15,000
    const cheap = await productOf(t, s.seller.id, { name: 'Head tie', priceKobo: 2_000_00 });
    const buyer = await buyerWithToken(t);
    const now = t.clock.now().getTime();
    await createCoupon(t, s.auth, couponBodyOf(t, { code: 'TEN', maxDiscount: 1000 }));
    await createCoupon(
      t,
      s.auth,
      couponBodyOf(t, { code: 'SOON', startsAt: new Date(now + 86_400_000).toISOString() }),
    );
    await createCoupon(
      t,
      s.auth,
      couponBodyOf(t, {
        code: 'OLD',
        startsAt: new Date(now - 2 * 86_400_000).toISOString(),
        endsAt: new Date(now - 86_400_000).toISOString(),
      }),
    );
    await createCoupon(t, s.auth, couponBodyOf(t, { code: 'BIG', minOrder: 10_000 }));
    await createCoupon(
      t,
      s.auth,
      couponBodyOf(t, { code: 'GOWNONLY', scope: 'products', productIds: [gown] }),
    );
    const off = await createCoupon(t, s.auth, couponBodyOf(t, { code: 'OFF' }));
    await send('POST', `/api/coupons/${off._id}/disable`, s.auth);
    const show = await showOf(t, s.auth);
    await createCoupon(t, s.auth, couponBodyOf(t, { code: 'LIVE', scope: 'live', streamId: show.id }));

    const answer = async (code: string, productId = gown) =>
      (await checkCode(t, buyer.auth, { code, productId })).json();
    expect(await answer('ten')).toEqual({
      valid: true,
      code: 'TEN',
      discount: 1000,
      description: '10% off, up to ₦1,000.00',
    });
    expect(await answer('SOON')).toMatchObject({ valid: false, reason: 'not_started' });
    expect(await answer('OLD')).toEqual({
      valid: false,
      reason: 'expired',
      message: 'This code has expired',
    });
    expect(await answer('BIG', cheap)).toEqual({
      valid: false,
      reason: 'minimum_not_met',
      message: 'Spend at least ₦10,000.00 to use this code',
    });
    expect(await answer('GOWNONLY', cheap)).toMatchObject({
      reason: 'not_for_product',
      message: 'This code is not for this product',
    });
    expect(await answer('OFF')).toMatchObject({ reason: 'disabled' });
    expect(await answer('NOPE')).toMatchObject({
      reason: 'unknown',
      message: 'This code is not valid for this store',
    });
    expect(await answer('LIVE')).toMatchObject({
      reason: 'show_not_live',
      message: 'This code only works while the live show "Ankara Friday" is on',
    });
    await show.set('live');
    expect(await answer('LIVE')).toMatchObject({ valid: true, discount: 1500 });
    await show.set('ended');
    expect(await answer('LIVE')).toMatchObject({ valid: false, reason: 'expired' });
  });

  it("never applies seller A's coupon to seller B's product", async () => {
    const a = await sellingSeller(t);
    const b = await sellingSeller(t);
    await createCoupon(t, a.auth, couponBodyOf(t, { code: 'AONLY' }));
    const bProduct = await productOf(t, b.seller.id);
    const buyer = await buyerWithToken(t);
    const res = await checkCode(t, buyer.auth, { code: 'AONLY', productId: bProduct });
    expect(res.json()).toMatchObject({ valid: false, reason: 'unknown' });
  });

  it('needs a buyer, a real product, and valid input', async () => {
    const s = await sellingSeller(t);
    const gown = await productOf(t, s.seller.id);
    const buyer = await buyerWithToken(t);
    expect((await checkCode(t, s.auth, { code: 'X', productId: gown })).statusCode).toBe(401);
    expect((await checkCode(t, buyer.auth, { code: '', productId: gown })).statusCode).toBe(400);
    const unknown = await checkCode(t, buyer.auth, {
      code: 'X',
      productId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
