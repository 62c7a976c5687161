import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  type OrderRow,
  orderLines,
  orders,
  payments,
  type ShippingOptionsRecord,
  sellerOnboarding,
} from '@/db/schema/index.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { multipartForm } from '@/test/multipart.ts';
import { png } from '@/test/onboarding.ts';
import { insertOrder } from '@/test/order-rows.ts';
import { sellerWithToken } from '@/test/sellers.ts';

type Auth = { authorization: string };

/**
 * A seller, a buyer and an order of theirs paid online (a settled payment with its reference) and
 * delivered `deliveredDaysAgo` days before the fake clock's now: what a return starts from.
 */
export async function deliveredOrder(
  t: TestApp,
  over: {
    policy?: ShippingOptionsRecord;
    deliveredDaysAgo?: number;
    lines?: { name: string; priceKobo: number; quantity?: number }[];
    method?: 'online' | 'pay_on_delivery';
    fulfilment?: OrderRow['fulfilmentStatus'];
    seller?: Awaited<ReturnType<typeof sellerWithToken>>;
    /** The payment's provider (`paystack`: the caller registers the reference with the stand-in). */
    provider?: 'local' | 'paystack';
  } = {},
) {
  const seller = over.seller ?? (await sellerWithToken(t));
  const buyer = await buyerWithToken(t, 'Chidi Okafor');
  if (over.policy) {
    await t.db
      .insert(sellerOnboarding)
      .values({ sellerId: seller.seller.id, shippingOptions: over.policy })
      .onConflictDoUpdate({ target: sellerOnboarding.sellerId, set: { shippingOptions: over.policy } });
  }
  const method = over.method ?? 'online';
  const fulfilment = over.fulfilment ?? 'delivered';
  const order = await insertOrder(t.db, {
    sellerId: seller.seller.id,
    buyerId: buyer.buyer.id,
    method,
    payment: method === 'online' ? 'paid' : 'pay_on_delivery_collected',
    fulfilment,
    lines: over.lines ?? [
      { name: 'Ankara Gown', priceKobo: 15_000_00, quantity: 2 },
      { name: 'Aso Oke Cap', priceKobo: 5_000_00 },
    ],
  });
  const deliveredAt = new Date(t.clock.now().getTime() - (over.deliveredDaysAgo ?? 1) * 86_400_000);
  if (fulfilment === 'delivered' || fulfilment === 'picked_up')
    await t.db.update(orders).set({ deliveredAt }).where(eq(orders.id, order.id));
  const reference = `KSW-${order.number}-test`;
  if (method === 'online') {
    await t.db.insert(payments).values({
      orderId: order.id,
      provider: over.provider ?? 'local',
      reference,
      amountKobo: order.totalKobo,
      paidKobo: order.totalKobo,
      status: 'succeeded',
      settledAt: deliveredAt,
    });
    // The sale in the ledger, as the orders module posts it when a payment settles.
    await t.db.transaction((tx) =>
      t.app.ledger.port.orderPaid(tx, {
        orderId: order.id,
        sellerId: seller.seller.id,
        amountKobo: order.totalKobo,
        paymentReference: reference,
        at: deliveredAt,
      }),
    );
  }
  const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const line = (name: string) => {
    const found = lines.find((l) => l.productName === name);
    if (!found) throw new Error(`no line ${name}`);
    return found.id;
  };
  return { seller, buyer, order, lines, line, reference };
}

export async function uploadReturnPhoto(t: TestApp, auth: Auth, content?: Buffer) {
  const form = multipartForm([
    { field: 'photo', filename: 'damage.png', content: content ?? (await png(200, 120)) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/buyer/returns/photos',
    payload: form.payload,
    headers: { ...form.headers, ...auth },
  });
}

export async function requestReturn(t: TestApp, auth: Auth, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/buyer/returns', headers: auth, payload: body });
}

export async function sellerAct(t: TestApp, auth: Auth, returnId: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/returns/${returnId}/actions`,
    headers: auth,
    payload: body,
  });
  return res;
}

export const expectOk = (res: { statusCode: number; body: string }, status = 200) =>
  expect(res.statusCode, res.body).toBe(status);
