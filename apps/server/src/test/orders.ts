import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type OrderRow, orderEvents, orderLines, orders, products } from '@/db/schema/index.ts';
import type { JobQueue, JobSpec } from '@/jobs/job-queue.ts';
import { ConflictError } from '@/lib/errors.ts';
import type { StockPort } from '@/modules/orders/order-ports.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { bid, liveAuction, post, productsOf } from '@/test/live.ts';

type Auth = { authorization: string };

export type RecordedJob = {
  task: string;
  payload: Record<string, unknown>;
  runAt: Date | null;
  jobKey: string | null;
};

/**
 * A job queue that keeps what it is asked in memory: pending keyed jobs by key (adding again
 * replaces, remove deletes), so a test reads the deadlines an order has. A rolled-back
 * transaction's jobs stay recorded; tests here do not roll back.
 */
export function recordingJobs(): JobQueue & { pending: Map<string, RecordedJob>; added: RecordedJob[] } {
  const pending = new Map<string, RecordedJob>();
  const added: RecordedJob[] = [];
  return {
    pending,
    added,
    async add(_q, task, payload, spec: JobSpec = {}) {
      const job = { task, payload, runAt: spec.runAt ?? null, jobKey: spec.jobKey ?? null };
      added.push(job);
      if (job.jobKey) pending.set(job.jobKey, job);
    },
    async remove(_q, jobKey) {
      pending.delete(jobKey);
    },
  };
}

/**
 * Stock on the products table's own count (products without variants), for tests until the
 * products module's StockPort is wired: refuses what is not there, as the real one does.
 */
export function tableStock(): StockPort {
  return {
    async reserve(q, item) {
      const [row] = await q.select().from(products).where(eq(products.id, item.productId)).for('update');
      if (!row) throw new ConflictError('Sold out');
      if (row.stock < item.quantity)
        throw new ConflictError(row.stock === 0 ? 'Sold out' : `Only ${row.stock} left`);
      await q
        .update(products)
        .set({ stock: row.stock - item.quantity })
        .where(eq(products.id, row.id));
      return { unitPriceKobo: row.priceKobo, productName: row.name, productImage: row.images[0] ?? null };
    },
    async release(q, item) {
      const [row] = await q.select().from(products).where(eq(products.id, item.productId)).for('update');
      if (!row) return;
      await q
        .update(products)
        .set({ stock: row.stock + item.quantity })
        .where(eq(products.id, row.id));
    },
  };
}

export const stockOf = async (t: Pick<TestApp, 'db'>, productId: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]?.stock;

export const orderRow = async (t: Pick<TestApp, 'db'>, id: string): Promise<OrderRow> => {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
};

export const linesOf = (t: Pick<TestApp, 'db'>, orderId: string) =>
  t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));

export const timelineOf = async (t: Pick<TestApp, 'db'>, orderId: string) =>
  (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((e) => e.type);

/**
 * A live auction of `lots` products where each lot is sold by the clock to the last of its bids
 * (`[buyerAuth, naira]` in order). Answers the show and the product ids.
 */
export async function soldAuction(
  t: TestApp,
  seller: { auth: Auth; seller: { id: string } },
  lots: Array<Array<[Auth, number]>>,
) {
  const productIds = await productsOf(t, seller.seller.id, lots.length);
  const stream = await liveAuction(t.app, t, seller.auth, productIds, {
    startingBid: 1000,
    durationSeconds: 30,
  });
  for (const [i, bids] of lots.entries()) {
    const productId = productIds[i] as string;
    if (i > 0) {
      const res = await post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, seller.auth, {
        productId,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [auth, amount] of bids) {
      const res = await bid(t.app, auth, stream._id, productId, amount);
      expect(res.statusCode, res.body).toBe(200);
    }
    t.clock.advance(31_000);
    await t.app.auctions.tick();
  }
  return { stream, productIds };
}

/** Puts an order in the state a checkout would leave it: delivery chosen, and paid (or pay on delivery). */
export async function checkedOut(
  t: TestApp,
  orderId: string,
  over: { deliveryMethod?: 'seller' | 'pickup'; pay?: 'online' | 'pay_on_delivery' | 'none' } = {},
) {
  await t.db
    .update(orders)
    .set({
      deliveryMethod: over.deliveryMethod ?? 'seller',
      buyerState: 'Lagos',
      buyerPhone: '+2348031234567',
    })
    .where(eq(orders.id, orderId));
  const pay = over.pay ?? 'online';
  if (pay === 'none') return;
  const row = await orderRow(t, orderId);
  await t.db.transaction(async (tx) => {
    if (pay === 'online') {
      await t.app.orders.paymentSucceeded(tx, {
        orderId,
        reference: `ref-${orderId}`,
        provider: 'local',
        paidKobo: row.totalKobo,
      });
    } else {
      await t.app.orders.applyOrderEvent(tx, orderId, { type: 'pay_on_delivery_chosen' }, 'buyer');
    }
  });
}
