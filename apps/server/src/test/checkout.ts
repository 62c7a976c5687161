import { randomUUID } from 'node:crypto';
import type { BuyNowBody, DeliverySettings } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  type VariantRecord,
} from '@/db/schema/index.ts';
import type { JobQueue, JobSpec } from '@/jobs/job-queue.ts';
import { ConflictError, HttpError } from '@/lib/errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { CheckoutPorts } from '@/modules/checkout/checkout.module.ts';
import type {
  ApplyOrderEvent,
  PaymentsPort,
  StockPort,
  VariantChoice,
} from '@/modules/orders/order-ports.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { someCategory } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

/**
 * Checkout's tests run the real module with small real stand-ins for the parts other engineers
 * build: stock taken from the products table under a row lock (so races are real), a payments
 * port that records attempts in the payments table, an in-memory job queue and the one order
 * machine event checkout applies.
 */

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

/** Finds the leaf of a combination and what it costs and shows, or null when it is not one. */
function leafOf(variants: VariantRecord[], choice: VariantChoice[]) {
  const [a, b, c] = choice;
  const top = variants.find((v) => v.name === a?.name && v.value === a?.value);
  if (!top) return null;
  if (top.subVariants.length === 0) {
    return {
      stock: () => top.totalStock,
      take: (n: number) => {
        top.totalStock -= n;
      },
      priceKobo: top.priceKobo,
      image: top.images[0],
    };
  }
  const sub = top.subVariants.find((s) => s.name === b?.name && s.value === b?.value);
  if (!sub) return null;
  const leaf = sub.subSubVariants.find((x) => x.name === c?.name && x.value === c?.value);
  return {
    stock: () => (leaf ? leaf.stock : sub.stock),
    take: (n: number) => {
      if (leaf) leaf.stock -= n;
      else sub.stock -= n;
      if (leaf) sub.stock = sum(sub.subSubVariants.map((x) => x.stock));
      top.totalStock = sum(top.subVariants.map((s) => s.stock));
    },
    priceKobo: leaf?.priceKobo ?? sub.priceKobo ?? top.priceKobo,
    image: leaf?.images[0] ?? sub.images[0] ?? top.images[0],
  };
}

/** StockPort on the products table: the product row locked FOR UPDATE, the variant's stock taken. */
export function tableStockPort(): StockPort {
  const move = async (q: Queryable, productId: string, variant: VariantChoice[], delta: number) => {
    const [row] = await q.select().from(products).where(eq(products.id, productId)).for('update');
    if (!row) return null;
    const variants = structuredClone(row.variants);
    const leaf = variants.length > 0 ? leafOf(variants, variant) : null;
    const available = variants.length > 0 ? (leaf?.stock() ?? 0) : row.stock;
    if (delta < 0 && available < -delta) {
      throw new ConflictError(available === 0 ? 'Sold out' : `Only ${available} left`);
    }
    if (leaf) leaf.take(-delta);
    const stock = variants.length > 0 ? sum(variants.map((v) => v.totalStock)) : row.stock + delta;
    const status = row.status === 'active' && stock === 0 ? 'out_of_stock' : row.status;
    await q.update(products).set({ variants, stock, status }).where(eq(products.id, productId));
    return {
      unitPriceKobo: leaf?.priceKobo ?? row.priceKobo,
      productName: row.name,
      productImage: leaf?.image ?? row.images[0] ?? null,
    };
  };
  return {
    async reserve(q, item) {
      const taken = await move(q, item.productId, item.variant, -item.quantity);
      if (!taken) throw new ConflictError('Sold out');
      return taken;
    },
    async release(q, item) {
      await move(q, item.productId, item.variant, item.quantity);
    },
  };
}

export type MemoryJobs = JobQueue & {
  added: Array<{ task: string; payload: Record<string, unknown>; spec: JobSpec | undefined }>;
};

export function memoryJobQueue(): MemoryJobs {
  const added: MemoryJobs['added'] = [];
  return {
    added,
    add: async (_q, task, payload, spec) => {
      added.push({ task, payload, spec });
    },
    remove: async (_q, jobKey) => {
      const at = added.findIndex((j) => j.spec?.jobKey === jobKey);
      if (at >= 0) added.splice(at, 1);
    },
  };
}

/** Payments that record each attempt in the payments table; verify settles it as paid. */
export function fakePayments(db: Queryable): PaymentsPort & { verified: string[]; failNext: boolean } {
  const verified: string[] = [];
  return {
    verified,
    /** Makes the next start fail as a provider that cannot be reached does. */
    failNext: false,
    async start(q, p) {
      if (this.failNext) {
        this.failNext = false;
        throw new HttpError(503, 'The payment provider is unavailable; try again');
      }
      const reference = `ref_${randomUUID()}`;
      const authorizationUrl = `http://127.0.0.1/pay/${reference}`;
      await q.insert(payments).values({
        orderId: p.orderId,
        provider: 'fake',
        reference,
        amountKobo: p.amountKobo,
        authorizationUrl,
      });
      return { reference, authorizationUrl };
    },
    async verify(reference) {
      verified.push(reference);
      const [payment] = await db
        .update(payments)
        .set({ status: 'succeeded' })
        .where(eq(payments.reference, reference))
        .returning();
      if (payment) {
        await db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, payment.orderId));
      }
    },
  };
}

/** The one machine event checkout applies: an auction win's buyer chose pay on delivery. */
export const podOnlyApplyOrderEvent: ApplyOrderEvent = async (q, orderId, event, actor) => {
  if (event.type !== 'pay_on_delivery_chosen') throw new Error(`not in the test machine: ${event.type}`);
  await q
    .update(orders)
    .set({ paymentStatus: 'pay_on_delivery_pending', paymentDueAt: null })
    .where(eq(orders.id, orderId));
  await q
    .insert(orderEvents)
    .values({ orderId, type: 'pay_on_delivery_chosen', actor, message: 'Pay on delivery' });
};

export type CheckoutTestApp = TestApp & { jobs: MemoryJobs; payments: ReturnType<typeof fakePayments> };

export async function checkoutTestApp(): Promise<CheckoutTestApp> {
  const jobs = memoryJobQueue();
  let paymentsPort: ReturnType<typeof fakePayments> | null = null;
  const ports: CheckoutPorts = {
    stock: tableStockPort(),
    // The app's database exists only once buildTestApp made it: the port reaches it lazily.
    payments: {
      start: (q, p) => (paymentsPort as ReturnType<typeof fakePayments>).start(q, p),
      verify: (r) => (paymentsPort as ReturnType<typeof fakePayments>).verify(r),
    },
    jobs,
    applyOrderEvent: podOnlyApplyOrderEvent,
  };
  const t = await buildTestApp({ checkoutPorts: ports });
  paymentsPort = fakePayments(t.db);
  return Object.assign(t, { jobs, payments: paymentsPort });
}

type Auth = { authorization: string };

export const settingsBody = (over: Partial<DeliverySettings> = {}): DeliverySettings => ({
  shipping: {
    enabled: true,
    fees: [
      { state: 'Lagos', fee: 2500 },
      { state: 'Oyo', fee: 4000 },
    ],
  },
  pickup: { enabled: true },
  payOnDelivery: { enabled: true, cap: 50_000 },
  lowStockThreshold: 2,
  paymentWindowHours: 24,
  ...over,
});

export async function saveSettings(t: TestApp, auth: Auth, body: DeliverySettings = settingsBody()) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/delivery',
    headers: auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A seller (with the test helper's registered address) who delivers to Lagos and Oyo, offers pickup and POD. */
export async function sellingSeller(t: TestApp, body: DeliverySettings = settingsBody()) {
  const seller = await sellerWithToken(t, {
    sellerAddress: { country: 'Nigeria', state: 'Lagos', city: 'Ikeja', addressLine1: '12 Allen Avenue' },
  });
  await saveSettings(t, seller.auth, body);
  return seller;
}

/** A product straight in the database; `variants` makes its stock the variants' total. */
export async function productOf(
  t: Pick<TestApp, 'db'>,
  sellerId: string,
  over: Partial<typeof products.$inferInsert> = {},
): Promise<string> {
  const { categoryId, subCategoryId } = await someCategory(t);
  const variants = over.variants ?? [];
  const [row] = await t.db
    .insert(products)
    .values({
      sellerId,
      name: 'Ankara gown',
      categoryId,
      subCategoryId,
      priceKobo: 15_000_00,
      images: ['/api/media/products/x/gown.webp'],
      saleType: { buyNow: true, auction: null },
      stock: variants.length > 0 ? sum(variants.map((v) => v.totalStock)) : 5,
      ...over,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('no product inserted');
  return row.id;
}

/** Colour (Red, Blue) × Size (M, L), each with its stock; Red / L costs more. */
export const colourSizeVariants = (stock: Record<string, number>): VariantRecord[] =>
  ['Red', 'Blue'].map((colour) => ({
    name: 'Colour',
    value: colour,
    priceKobo: null,
    totalStock: sum(['M', 'L'].map((s) => stock[`${colour}/${s}`] ?? 0)),
    images: [],
    subVariants: ['M', 'L'].map((size) => ({
      name: 'Size',
      value: size,
      priceKobo: colour === 'Red' && size === 'L' ? 18_000_00 : null,
      stock: stock[`${colour}/${size}`] ?? 0,
      images: [],
      subSubVariants: [],
    })),
  }));

export const address = (state = 'Lagos') => ({
  fullName: 'Ada Obi',
  phoneNumber: '+2348012345678',
  state,
  city: 'Ikeja',
  addressLine1: '4 Opebi Road',
});

export const buyNowBody = (productId: string, over: Partial<BuyNowBody> = {}): BuyNowBody => ({
  idempotencyKey: randomUUID(),
  productId,
  variant: [],
  quantity: 1,
  delivery: { method: 'seller', address: address() },
  paymentMethod: 'online',
  ...over,
});

export const buyNow = (t: TestApp, auth: Auth | Record<string, never>, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/checkout/orders', headers: auth, payload: body as object });

/** An unpaid auction win straight in the database: one line, a 24 h window, no checkout yet. */
export async function auctionWin(
  t: TestApp,
  sellerId: string,
  buyerId: string,
  amountKobo = 20_000_00,
): Promise<string> {
  const [order] = await t.db
    .insert(orders)
    .values({
      sellerId,
      buyerId,
      source: 'auction',
      subtotalKobo: amountKobo,
      totalKobo: amountKobo,
      paymentDueAt: new Date(t.clock.now().getTime() + 24 * 3_600_000),
      createdAt: t.clock.now(),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order inserted');
  await t.db.insert(orderLines).values({
    orderId: order.id,
    productName: 'Won lot',
    unitPriceKobo: amountKobo,
    quantity: 1,
  });
  await t.db.insert(orderEvents).values({
    orderId: order.id,
    type: 'created',
    actor: 'system',
    message: 'Won at auction',
    createdAt: t.clock.now(),
  });
  return order.id;
}
