// size: one behaviour per test over three variant levels, release and the notifications, with the row reads they need
// Stock held for orders (StockPort): reserves never oversell, variants at each level, release,
// and the seller's low_stock / back_in_stock notifications once per crossing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifications as notificationsTable,
  productStatistics,
  products,
  sellerDeliverySettings,
  type VariantRecord,
} from '@/db/schema/index.ts';
import { HttpError } from '@/lib/errors.ts';
import { stockService } from '@/modules/products/stock.service.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { someCategory } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let stock: ReturnType<typeof stockService>;
const pushed: Array<{ sellerId: string; event: string }> = [];

beforeAll(async () => {
  t = await buildTestApp();
  // The notifications service's createInTransaction, as far as stock uses it: stored in the
  // caller's transaction, pushed only when the caller says it committed.
  stock = stockService({
    notifications: {
      async createInTransaction(tx, sellerId, input) {
        const [row] = await tx
          .insert(notificationsTable)
          .values({
            sellerId,
            type: input.type,
            title: input.title ?? input.type,
            message: input.message ?? '',
            data: input.data ?? {},
            createdAt: t.clock.now(),
          })
          .returning();
        if (!row) throw new Error('no notification');
        const notification = {
          _id: row.id,
          type: input.type,
          title: row.title,
          message: row.message,
          isRead: false,
          createdAt: row.createdAt.toISOString(),
          data: row.data,
        };
        return { notification, push: () => pushed.push({ sellerId, event: 'notification_created' }) };
      },
    },
  });
});
afterAll(() => t.close());

const sub = (
  value: string,
  stockCount: number,
  extra: Partial<VariantRecord['subVariants'][number]> = {},
) => ({
  name: 'Size',
  value,
  priceKobo: null,
  stock: stockCount,
  images: [],
  subSubVariants: [],
  ...extra,
});

async function product(sellerId: string, over: Partial<typeof products.$inferInsert> = {}): Promise<string> {
  const { categoryId, subCategoryId } = await someCategory(t);
  const [row] = await t.db
    .insert(products)
    .values({
      sellerId,
      name: 'Ankara dress',
      categoryId,
      subCategoryId,
      priceKobo: 15_000_00,
      stock: 3,
      images: ['/api/media/products/x/main.webp'],
      saleType: { buyNow: true, auction: null },
      ...over,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  return row.id;
}

const read = async (id: string) => {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error('gone');
  return row;
};

const noticesOf = (sellerId: string, type: 'low_stock' | 'back_in_stock') =>
  t.db
    .select()
    .from(notificationsTable)
    .where(and(eq(notificationsTable.sellerId, sellerId), eq(notificationsTable.type, type)));

const reserve = (
  sellerId: string,
  productId: string,
  quantity: number,
  variant: { name: string; value: string }[] = [],
) => t.db.transaction((tx) => stock.reserve(tx, { sellerId, productId, variant, quantity }));

const release = (productId: string, quantity: number, variant: { name: string; value: string }[] = []) =>
  t.db.transaction((tx) => stock.release(tx, { productId, variant, quantity }));

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof HttpError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: err.statusCode, message: err.message };
}

describe('reserve', () => {
  it('20 buyers racing for the last 3 units: exactly 3 succeed, the rest hear "Sold out" or "Only N left"', async () => {
    const { seller } = await sellerWithToken(t);
    const id = await product(seller.id, { stock: 3 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => reserve(seller.id, id, 1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as HttpError).statusCode).toBe(409);
    }
    const row = await read(id);
    expect(row.stock).toBe(0);
    expect(row.status).toBe('out_of_stock');
  });

  it('answers the product price, name and first photo, and says how many are left when too many are asked', async () => {
    const { seller } = await sellerWithToken(t);
    const id = await product(seller.id, { stock: 5 });
    const got = await reserve(seller.id, id, 2);
    expect(got).toMatchObject({
      unitPriceKobo: 15_000_00,
      productName: 'Ankara dress',
      productImage: '/api/media/products/x/main.webp',
    });
    expect(await refusal(reserve(seller.id, id, 4))).toEqual({ status: 409, message: 'Only 3 left' });
    expect((await read(id)).stock).toBe(3);
  });

  it('refuses another seller’s product as not found and a draft as not on sale', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const id = await product(a.seller.id);
    expect((await refusal(reserve(b.seller.id, id, 1))).status).toBe(404);
    const draft = await product(a.seller.id, { status: 'draft' });
    expect(await refusal(reserve(a.seller.id, draft, 1))).toEqual({
      status: 409,
      message: 'Ankara dress is not on sale',
    });
  });

  it('takes a level-1 variant’s units and its price and photo', async () => {
    const { seller } = await sellerWithToken(t);
    const variants: VariantRecord[] = [
      {
        name: 'Colour',
        value: 'Red',
        priceKobo: 16_500_00,
        totalStock: 2,
        images: ['/red.webp'],
        subVariants: [],
      },
      { name: 'Colour', value: 'Blue', priceKobo: null, totalStock: 4, images: [], subVariants: [] },
    ];
    const id = await product(seller.id, { stock: 6, variants });
    const got = await reserve(seller.id, id, 2, [{ name: 'Colour', value: 'Red' }]);
    expect(got).toMatchObject({ unitPriceKobo: 16_500_00, productImage: '/red.webp' });
    expect(await refusal(reserve(seller.id, id, 1, [{ name: 'Colour', value: 'Red' }]))).toEqual({
      status: 409,
      message: 'Sold out',
    });
    const row = await read(id);
    expect(row.variants.map((v) => v.totalStock)).toEqual([0, 4]);
    expect(row.stock).toBe(4);
    expect(row.status).toBe('active');
  });

  it('takes a level-2 variant’s units; the level above becomes the sum again', async () => {
    const { seller } = await sellerWithToken(t);
    const variants: VariantRecord[] = [
      {
        name: 'Colour',
        value: 'Red',
        priceKobo: 16_000_00,
        totalStock: 5,
        images: [],
        subVariants: [sub('M', 2), sub('L', 3, { priceKobo: 17_000_00 })],
      },
    ];
    const id = await product(seller.id, { stock: 5, variants });
    const m = await reserve(seller.id, id, 1, [
      { name: 'Colour', value: 'Red' },
      { name: 'Size', value: 'M' },
    ]);
    // No price of its own: the nearest level's above it.
    expect(m.unitPriceKobo).toBe(16_000_00);
    const l = await reserve(seller.id, id, 1, [
      { name: 'colour', value: 'red' },
      { name: 'size', value: 'l' },
    ]);
    expect(l.unitPriceKobo).toBe(17_000_00);
    const row = await read(id);
    expect(row.variants[0]?.subVariants.map((s) => s.stock)).toEqual([1, 2]);
    expect(row.variants[0]?.totalStock).toBe(3);
    expect(row.stock).toBe(3);
    // A combination must name every level, and only values on sale.
    expect(await refusal(reserve(seller.id, id, 1, [{ name: 'Colour', value: 'Red' }]))).toEqual({
      status: 400,
      message: 'Choose a Size of Ankara dress',
    });
    expect((await refusal(reserve(seller.id, id, 1, [{ name: 'Colour', value: 'Green' }]))).status).toBe(400);
  });

  it('takes a level-3 variant’s units and keeps the statistics’ stock value right', async () => {
    const { seller } = await sellerWithToken(t);
    const leaf = (value: string, n: number) => ({
      name: 'Fabric',
      value,
      priceKobo: 20_000_00,
      stock: n,
      sku: `RED-M-${value}`,
      images: ['/leaf.webp'],
    });
    const variants: VariantRecord[] = [
      {
        name: 'Colour',
        value: 'Red',
        priceKobo: null,
        totalStock: 3,
        images: [],
        subVariants: [sub('M', 3, { subSubVariants: [leaf('Silk', 1), leaf('Cotton', 2)] })],
      },
    ];
    const id = await product(seller.id, { stock: 3, variants });
    const before = await t.db
      .select()
      .from(productStatistics)
      .where(eq(productStatistics.sellerId, seller.id));
    expect(before.find((s) => s.status === 'active')?.stockValueKobo).toBe(3 * 20_000_00);
    const choice = [
      { name: 'Colour', value: 'Red' },
      { name: 'Size', value: 'M' },
      { name: 'Fabric', value: 'Silk' },
    ];
    expect(await reserve(seller.id, id, 1, choice)).toMatchObject({
      unitPriceKobo: 20_000_00,
      productImage: '/leaf.webp',
    });
    const row = await read(id);
    expect(row.variants[0]?.subVariants[0]?.subSubVariants.map((x) => x.stock)).toEqual([0, 2]);
    expect(row.variants[0]?.subVariants[0]?.stock).toBe(2);
    expect(row.variants[0]?.totalStock).toBe(2);
    expect(row.stock).toBe(2);
    const after = await t.db
      .select()
      .from(productStatistics)
      .where(eq(productStatistics.sellerId, seller.id));
    expect(after.find((s) => s.status === 'active')?.stockValueKobo).toBe(2 * 20_000_00);
  });
});

describe('release', () => {
  it('puts units back, makes a sold-out product active again and tells the seller it is back in stock', async () => {
    const { seller } = await sellerWithToken(t);
    const id = await product(seller.id, { stock: 1 });
    await reserve(seller.id, id, 1);
    expect((await read(id)).status).toBe('out_of_stock');
    const released = await release(id, 1);
    const row = await read(id);
    expect(row).toMatchObject({ stock: 1, status: 'active' });
    const notes = await noticesOf(seller.id, 'back_in_stock');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.data).toEqual({ productId: id });
    // Pushed only when the caller says the transaction committed.
    const before = pushed.length;
    released?.afterCommit?.();
    expect(pushed.slice(before).map((p) => p.sellerId)).toEqual([seller.id]);
  });

  it('puts a variant’s units back where they came from', async () => {
    const { seller } = await sellerWithToken(t);
    const variants: VariantRecord[] = [
      {
        name: 'Colour',
        value: 'Red',
        priceKobo: null,
        totalStock: 2,
        images: [],
        subVariants: [sub('M', 1), sub('L', 1)],
      },
    ];
    const id = await product(seller.id, { stock: 2, variants });
    const m = [
      { name: 'Colour', value: 'Red' },
      { name: 'Size', value: 'M' },
    ];
    await reserve(seller.id, id, 1, m);
    await release(id, 1, m);
    const row = await read(id);
    expect(row.variants[0]?.subVariants.map((s) => s.stock)).toEqual([1, 1]);
    expect(row.stock).toBe(2);
  });

  it('skips a deleted product', async () => {
    const { seller } = await sellerWithToken(t);
    const id = await product(seller.id);
    await t.db.delete(products).where(eq(products.id, id));
    await expect(release(id, 1)).resolves.toBeUndefined();
  });
});

describe('stock notifications', () => {
  it('low_stock once when the stock crosses the default threshold of 2, not on every sale after', async () => {
    const { seller } = await sellerWithToken(t);
    const id = await product(seller.id, { stock: 5 });
    await reserve(seller.id, id, 1); // 4
    expect(await noticesOf(seller.id, 'low_stock')).toHaveLength(0);
    await reserve(seller.id, id, 2); // 2: crossed
    await reserve(seller.id, id, 1); // 1: still below
    const notes = await noticesOf(seller.id, 'low_stock');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.message).toBe('Ankara dress is running low: 2 left.');
    expect(notes[0]?.data).toEqual({ productId: id });
    // Restocked above it and sold down again: a new crossing, a new notification.
    await release(id, 4); // 5
    await reserve(seller.id, id, 3); // 2
    expect(await noticesOf(seller.id, 'low_stock')).toHaveLength(2);
  });

  it('uses the seller’s own threshold and names the variant that runs low', async () => {
    const { seller } = await sellerWithToken(t);
    await t.db.insert(sellerDeliverySettings).values({ sellerId: seller.id, lowStockThreshold: 5 });
    const variants: VariantRecord[] = [
      {
        name: 'Colour',
        value: 'Red',
        priceKobo: null,
        totalStock: 6,
        images: [],
        subVariants: [sub('M', 6)],
      },
      {
        name: 'Colour',
        value: 'Blue',
        priceKobo: null,
        totalStock: 20,
        images: [],
        subVariants: [sub('M', 20)],
      },
    ];
    const id = await product(seller.id, { stock: 26, variants });
    await reserve(seller.id, id, 1, [
      { name: 'Colour', value: 'Red' },
      { name: 'Size', value: 'M' },
    ]);
    const notes = await noticesOf(seller.id, 'low_stock');
    expect(notes.map((n) => n.message)).toEqual(['Ankara dress — Red / M is running low: 5 left.']);
  });

  it('a rolled-back sale leaves no notification', async () => {
    const { seller } = await sellerWithToken(t);
    const id = await product(seller.id, { stock: 3 });
    await t.db
      .transaction(async (tx) => {
        await stock.reserve(tx, { sellerId: seller.id, productId: id, variant: [], quantity: 3 });
        throw new Error('checkout failed');
      })
      .catch(() => undefined);
    expect(await noticesOf(seller.id, 'low_stock')).toHaveLength(0);
    expect((await read(id)).stock).toBe(3);
  });

  it('back_in_stock when the seller restocks a sold-out product through the edit', async () => {
    const { seller, auth } = await sellerWithToken(t);
    const id = await product(seller.id, { stock: 1 });
    await reserve(seller.id, id, 1);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: auth,
      payload: { stock: 7 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ stock: 7, status: 'active' });
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: auth });
    const backs = list.json().notifications.filter((n: { type: string }) => n.type === 'back_in_stock');
    expect(backs).toHaveLength(1);
    expect(backs[0].data).toEqual({ productId: id });
    // An edit of a product that was never sold out says nothing.
    await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: auth, payload: { stock: 9 } });
    expect(await noticesOf(seller.id, 'back_in_stock')).toHaveLength(1);
  });
});
