import type { CouponBody } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { streams } from '@/db/schema/index.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { createShow } from '@/test/live.ts';

type Auth = { authorization: string };

/** A coupon body: 10% off the whole store from an hour ago, no limits; `over` changes any field. */
export const couponBodyOf = (t: Pick<TestApp, 'clock'>, over: Partial<CouponBody> = {}): CouponBody => ({
  code: 'SAVE10',
  kind: 'percentage',
  percentOff: 10,
  amountOff: null,
  minOrder: null,
  maxDiscount: null,
  usageLimit: null,
  perBuyerLimit: null,
  startsAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
  endsAt: null,
  scope: 'store',
  productIds: [],
  streamId: null,
  ...over,
});

export async function createCoupon(t: TestApp, auth: Auth, body: CouponBody) {
  const res = await t.app.inject({ method: 'POST', url: '/api/coupons', headers: auth, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().coupon as { _id: string; code: string; status: string };
}

export const checkCode = (
  t: TestApp,
  auth: Auth,
  body: { code: string; productId: string; variant?: unknown[]; quantity?: number },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/coupons/check',
    headers: auth,
    payload: { variant: [], quantity: 1, ...body },
  });

/** A show of the seller's (scheduled an hour ahead) and a way to move it live or end it. */
export async function showOf(t: TestApp, auth: Auth) {
  const stream = await createShow(t.app, t, auth);
  const set = async (status: 'scheduled' | 'live' | 'ended') => {
    await t.db.update(streams).set({ status }).where(eq(streams.id, stream._id));
  };
  return { id: stream._id, title: stream.title, set };
}
