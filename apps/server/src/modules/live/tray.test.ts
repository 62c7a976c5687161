// A show's product tray (GET /api/streams/:id/tray, public) and the seller's pin (POST /api/streams/:id/pin).
import { PRODUCT_PINNED_EVENT, type ProductPinnedEvent, type TrayResponse } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { products, type VariantRecord } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  createShow,
  forStream,
  listen,
  nextEvent,
  openSocket,
  post,
  productsOf,
  sellerWithProducts,
  subscribe,
} from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => t.close());

const tray = async (streamId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/tray` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TrayResponse;
};

const sized: VariantRecord[] = [
  {
    name: 'Colour',
    value: 'Red',
    priceKobo: null,
    totalStock: 3,
    images: ['/red.webp'],
    subVariants: [
      { name: 'Size', value: 'M', priceKobo: null, stock: 1, images: [], subSubVariants: [] },
      { name: 'Size', value: 'L', priceKobo: 18_000_00, stock: 2, images: [], subSubVariants: [] },
    ],
  },
  { name: 'Colour', value: 'Blue', priceKobo: 12_000_00, totalStock: 0, images: [], subVariants: [] },
];

describe('GET /api/streams/:id/tray', () => {
  it('answers the show’s products with price range, stock, options and buyable combinations, to anyone', async () => {
    const s = await sellerWithProducts(t, 2);
    const [plain, dress] = s.productIds as [string, string];
    await t.db
      .update(products)
      .set({ name: 'Ankara dress', variants: sized, stock: 3, priceKobo: 15_000_00, images: ['/main.webp'] })
      .where(eq(products.id, dress));
    await t.db
      .update(products)
      .set({ saleType: { buyNow: false, auction: { startingBidKobo: 5_000_00 } } })
      .where(eq(products.id, plain));
    const show = await createShow(t.app, t, s.auth, [plain, dress]);

    const body = await tray(show._id);
    expect(body.pinnedProductId).toBeNull();
    expect(body.products.map((p) => p.productId)).toEqual([plain, dress]);
    expect(body.products[0]).toMatchObject({
      price: 10_000,
      maxPrice: 10_000,
      stock: 1,
      buyNow: false,
      options: [],
      combinations: [],
      sellerId: s.seller.id,
    });
    expect(body.products[1]).toMatchObject({
      name: 'Ankara dress',
      image: '/main.webp',
      price: 12_000,
      maxPrice: 18_000,
      stock: 3,
      buyNow: true,
      options: [
        { name: 'Colour', values: ['Red', 'Blue'] },
        { name: 'Size', values: ['M', 'L'] },
      ],
    });
    expect(body.products[1]?.combinations).toEqual([
      {
        variant: [
          { name: 'Colour', value: 'Red' },
          { name: 'Size', value: 'M' },
        ],
        price: 15_000,
        stock: 1,
        image: '/red.webp',
      },
      {
        variant: [
          { name: 'Colour', value: 'Red' },
          { name: 'Size', value: 'L' },
        ],
        price: 18_000,
        stock: 2,
        image: '/red.webp',
      },
      { variant: [{ name: 'Colour', value: 'Blue' }], price: 12_000, stock: 0, image: '/main.webp' },
    ]);
  });

  it('reads the catalogue now: a product archived since the show was made cannot be bought', async () => {
    const s = await sellerWithProducts(t, 1);
    const show = await createShow(t.app, t, s.auth, s.productIds);
    await t.db
      .update(products)
      .set({ status: 'archived' })
      .where(eq(products.id, s.productIds[0] as string));
    expect((await tray(show._id)).products[0]).toMatchObject({ stock: 0, buyNow: false });
  });

  it('answers 404 for an unknown show and 400 for a malformed id', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/streams/00000000-0000-4000-8000-000000000000/tray',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Stream not found');
    expect((await t.app.inject({ method: 'GET', url: '/api/streams/nope/tray' })).statusCode).toBe(400);
  });
});

describe('POST /api/streams/:id/pin', () => {
  it('pins one of the show’s products for every viewer, live and in the tray, and unpins it', async () => {
    const s = await sellerWithProducts(t, 2);
    const show = await createShow(t.app, t, s.auth, s.productIds);
    const viewer = openSocket(url, undefined, sockets);
    expect(await subscribe(viewer, show._id)).toEqual({ ok: true });

    const heard = nextEvent<ProductPinnedEvent>(viewer, PRODUCT_PINNED_EVENT, forStream(show._id));
    const res = await post(t.app, `/api/streams/${show._id}/pin`, s.auth, { productId: s.productIds[1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Product pinned', pinnedProductId: s.productIds[1] });
    expect(await heard).toEqual({ streamId: show._id, productId: s.productIds[1] });
    expect((await tray(show._id)).pinnedProductId).toBe(s.productIds[1]);

    const unpinned = nextEvent<ProductPinnedEvent>(viewer, PRODUCT_PINNED_EVENT, forStream(show._id));
    const off = await post(t.app, `/api/streams/${show._id}/pin`, s.auth, { productId: null });
    expect(off.json()).toEqual({ message: 'Product unpinned', pinnedProductId: null });
    expect(await unpinned).toEqual({ streamId: show._id, productId: null });
    expect((await tray(show._id)).pinnedProductId).toBeNull();
  });

  it('refuses a product that is not in the show (400) and a malformed body (400)', async () => {
    const s = await sellerWithProducts(t, 2);
    const show = await createShow(t.app, t, s.auth, [s.productIds[0] as string]);
    const notInShow = await post(t.app, `/api/streams/${show._id}/pin`, s.auth, {
      productId: s.productIds[1],
    });
    expect(notInShow.statusCode).toBe(400);
    expect(notInShow.json().message).toBe('That product is not in this show');
    expect((await post(t.app, `/api/streams/${show._id}/pin`, s.auth, { productId: 'x' })).statusCode).toBe(
      400,
    );
    expect((await post(t.app, `/api/streams/${show._id}/pin`, s.auth, {})).statusCode).toBe(400);
  });

  it('answers 404 to another seller, 401 without a token and 403 to a seller the gate refuses', async () => {
    const s = await sellerWithProducts(t, 1);
    const show = await createShow(t.app, t, s.auth, s.productIds);
    const other = await sellerWithToken(t);
    const otherProducts = await productsOf(t, other.seller.id, 1);
    const theirs = await post(t.app, `/api/streams/${show._id}/pin`, other.auth, {
      productId: otherProducts[0],
    });
    expect(theirs.statusCode).toBe(404);
    expect((await post(t.app, `/api/streams/${show._id}/pin`, {}, { productId: null })).statusCode).toBe(401);
    const unverified = await sellerWithToken(t, { emailVerified: false });
    const gated = await post(t.app, `/api/streams/${show._id}/pin`, unverified.auth, { productId: null });
    expect(gated.statusCode).toBe(403);
    expect((await tray(show._id)).pinnedProductId).toBeNull();
  });

  it('refuses to pin in a show that has ended', async () => {
    const s = await sellerWithProducts(t, 1);
    const show = await createShow(t.app, t, s.auth, s.productIds);
    expect((await post(t.app, `/api/streams/${show._id}/start`, s.auth)).statusCode).toBe(200);
    expect((await post(t.app, `/api/streams/${show._id}/end`, s.auth)).statusCode).toBe(200);
    const res = await post(t.app, `/api/streams/${show._id}/pin`, s.auth, { productId: s.productIds[0] });
    expect(res.statusCode).toBe(409);
  });
});
