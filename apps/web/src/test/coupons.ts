import type { Coupon, CouponBody, CouponChoicesResponse, CouponsResponse } from '@kasuwa/contracts';
import { bodyCheck } from '@/test/contract-fake';
import { type Answer, type Call, fakeApiClient } from '@/test/in-memory-api';

/** A coupon as the API answers it; tests override what they are about. */
export function testCoupon(over: Partial<Coupon> = {}): Coupon {
  return {
    _id: 'c1',
    code: 'ANKARA10',
    kind: 'percentage',
    percentOff: 10,
    amountOff: null,
    minOrder: null,
    maxDiscount: null,
    usageLimit: null,
    perBuyerLimit: 1,
    startsAt: '2026-11-01T09:00:00.000Z',
    endsAt: null,
    scope: 'store',
    products: [],
    show: null,
    disabled: false,
    status: 'active',
    uses: 0,
    paidOrders: 0,
    revenue: 0,
    discountGiven: 0,
    createdAt: '2026-11-01T09:00:00.000Z',
    ...over,
  };
}

export const testChoices: CouponChoicesResponse = {
  products: [
    { _id: '11111111-1111-4111-8111-111111111111', name: 'Ankara gown', image: null, price: 15000 },
    { _id: '22222222-2222-4222-8222-222222222222', name: 'Aso oke set', image: null, price: 42000 },
  ],
  shows: [
    {
      _id: '33333333-3333-4333-8333-333333333333',
      title: 'Friday flash sale',
      status: 'scheduled',
      scheduledStartTime: '2026-12-05T18:00:00.000Z',
    },
  ],
};

/**
 * The coupon routes over an in-memory list: bodies read with the contract's schemas (a body the
 * server would refuse fails the test), codes unique whatever their case, disable/enable.
 */
export function fakeCouponsApi(
  opts: { coupons?: Coupon[]; override?: (call: Call) => Answer | undefined } = {},
) {
  let coupons = opts.coupons ?? [];
  const { refusal } = bodyCheck();
  const ok = (body: unknown): Answer => ({ status: 200, body });
  const fromBody = (id: string, b: CouponBody): Coupon =>
    testCoupon({
      _id: id,
      code: b.code.toUpperCase(),
      kind: b.kind,
      percentOff: b.percentOff,
      amountOff: b.amountOff,
      minOrder: b.minOrder,
      maxDiscount: b.maxDiscount,
      usageLimit: b.usageLimit,
      perBuyerLimit: b.perBuyerLimit,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      scope: b.scope,
      products: testChoices.products.filter((p) => b.productIds.includes(p._id)).map((p) => ({ ...p })),
      show: testChoices.shows.find((s) => s._id === b.streamId) ?? null,
    });
  const counts = (): CouponsResponse['counts'] => ({
    all: coupons.length,
    active: coupons.filter((c) => c.status === 'active').length,
    scheduled: coupons.filter((c) => c.status === 'scheduled').length,
    expired: coupons.filter((c) => c.status === 'expired').length,
    disabled: coupons.filter((c) => c.status === 'disabled').length,
  });
  const fake = fakeApiClient((call) => {
    const forced = opts.override?.(call);
    if (forced) return forced;
    const refused = refusal(call);
    if (refused) return refused;
    const { method, path } = call;
    if (method === 'GET' && path === '/coupons') return ok({ coupons, counts: counts() });
    if (method === 'GET' && path === '/coupons/choices') return ok(testChoices);
    if (method === 'POST' && path === '/coupons') {
      const body = call.body as CouponBody;
      if (coupons.some((c) => c.code === body.code.toUpperCase())) {
        return {
          status: 409,
          body: { message: `You already have a coupon with the code ${body.code.toUpperCase()}` },
        };
      }
      const made = fromBody(`c${coupons.length + 1}`, body);
      coupons = [made, ...coupons];
      return { status: 201, body: { coupon: made } };
    }
    const one = /^\/coupons\/([^/]+)(?:\/(disable|enable))?$/.exec(path);
    const found = one ? coupons.find((c) => c._id === one[1]) : undefined;
    if (one && !found) return { status: 404, body: { message: 'Coupon not found' } };
    if (one && found) {
      if (method === 'GET' && !one[2]) return ok({ coupon: found });
      let next = found;
      if (method === 'PUT') next = { ...fromBody(found._id, call.body as CouponBody), uses: found.uses };
      if (method === 'POST' && one[2]) {
        const disabled = one[2] === 'disable';
        next = { ...found, disabled, status: disabled ? 'disabled' : 'active' };
      }
      coupons = coupons.map((c) => (c._id === found._id ? next : c));
      return ok({ coupon: next });
    }
    return { status: 404, body: { message: `No fake for ${method} ${path}` } };
  });
  return { ...fake, coupons: () => coupons };
}
