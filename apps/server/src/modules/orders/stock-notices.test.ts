import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/db/schema/index.ts';
import type { StockPort } from '@/modules/orders/order-ports.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { buyNow, buyNowBody, productOf, sellingSeller } from '@/test/checkout.ts';
import { post } from '@/test/live.ts';
import { checkedOut, recordingJobs, soldAuction, tableStock } from '@/test/orders.ts';
import { sellerWithToken } from '@/test/sellers.ts';

/*
 * The products module stores its stock notices (low_stock, back_in_stock) in the order's
 * transaction and answers an `afterCommit` that pushes them live. Orders and checkout must call it
 * once their transaction has committed, or the seller's bell only hears of them on a reload.
 */

const pushed: string[] = [];
/** The table's stock, answering an afterCommit that records which notice was pushed, for which product. */
function noticingStock(): StockPort {
  const base = tableStock();
  return {
    async reserve(q, item) {
      const taken = await base.reserve(q, item);
      return { ...taken, afterCommit: () => pushed.push(`low_stock ${item.productId}`) };
    },
    async release(q, item) {
      await base.release(q, item);
      return { afterCommit: () => pushed.push(`back_in_stock ${item.productId}`) };
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: recordingJobs(), stock: noticingStock() });
});
afterAll(() => t.close());

describe('stock notices of orders are pushed live', () => {
  it('when an auction win takes the unit, and when the seller cancels the order and puts it back', async () => {
    const seller = await sellerWithToken(t);
    const ada = await buyerWithToken(t, 'Ada');
    const { stream, productIds } = await soldAuction(t, seller, [[[ada.auth, 1000]]]);
    const productId = productIds[0] as string;
    expect(pushed).toContain(`low_stock ${productId}`);

    const [order] = await t.db.select().from(orders).where(eq(orders.streamId, stream._id));
    if (!order) throw new Error('no order');
    await checkedOut(t, order.id);
    const res = await post(t.app, `/api/orders/${order.id}/actions`, seller.auth, {
      action: 'cancel',
      reason: 'Out of stock after all',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(pushed).toContain(`back_in_stock ${productId}`);
  });

  it('when a Buy now order takes the last units', async () => {
    const seller = await sellingSeller(t);
    const productId = await productOf(t, seller.seller.id);
    const { auth } = await buyerWithToken(t, 'Chidi Eze');
    const res = await buyNow(t, auth, buyNowBody(productId));
    expect(res.statusCode, res.body).toBe(201);
    expect(pushed).toContain(`low_stock ${productId}`);
  });
});
