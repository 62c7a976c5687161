// A product with variants is auctioned per variant (issue 14): the seller picks the combinations
// under the hammer, the rail, bids and the win say which size and colour.
import {
  type ProductAuctionStatusEvent,
  type Stream,
  type StreamNotification,
  streamSocketEvents,
} from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { products, streamProducts, type VariantRecord } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  bid,
  listen,
  nextEvent,
  notificationOf,
  openSocket,
  post,
  sellerWithProducts,
  someCategory,
  subscribe,
} from '@/test/live.ts';

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

const size = (value: string, priceKobo: number | null) => ({
  name: 'Size',
  value,
  priceKobo,
  stock: 2,
  images: [],
  subSubVariants: [],
});
const dressVariants: VariantRecord[] = [
  {
    name: 'Colour',
    value: 'Red',
    priceKobo: null,
    totalStock: 4,
    images: ['/red.webp'],
    subVariants: [size('M', null), size('L', 18_000_00)],
  },
];
const redM = [
  { name: 'Colour', value: 'Red' },
  { name: 'Size', value: 'M' },
];
const redL = [
  { name: 'Colour', value: 'Red' },
  { name: 'Size', value: 'L' },
];
const settings = { startingBid: 1000, durationSeconds: 30 };

/** A seller with one product, an Ankara dress in Red M and Red L. */
async function dressSeller() {
  const s = await sellerWithProducts(t, 1);
  const dress = s.productIds[0] as string;
  await t.db
    .update(products)
    .set({ name: 'Ankara dress', variants: dressVariants, stock: 4, priceKobo: 15_000_00 })
    .where(eq(products.id, dress));
  return { ...s, dress };
}

async function createAuction(auth: { authorization: string }, items: unknown[]) {
  const { categoryId } = await someCategory(t);
  return post(t.app, '/api/streams/create', auth, {
    title: 'Ankara Friday',
    category: categoryId,
    startImmediately: true,
    products: items,
  });
}

describe('per-variant live auctions', () => {
  it('puts each chosen combination under the hammer as its own row, priced and named with its variant', async () => {
    const s = await dressSeller();
    const res = await createAuction(s.auth, [
      { productId: s.dress, variant: redM, auctionSettings: settings },
      { productId: s.dress, variant: redL, auctionSettings: settings },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const stream = res.json().stream as Stream;
    expect(stream.products.map((p) => p.product.name)).toEqual([
      'Ankara dress — Red / M',
      'Ankara dress — Red / L',
    ]);
    expect(stream.products.map((p) => p.product.price)).toEqual([15_000, 18_000]);
    expect(stream.products.map((p) => p.product.image)).toEqual(['/red.webp', '/red.webp']);
    expect(stream.products.map((p) => p.variant)).toEqual([redM, redL]);
    expect(new Set(stream.products.map((p) => p.streamProductId)).size).toBe(2);
    const rows = await t.db.select().from(streamProducts).where(eq(streamProducts.streamId, stream._id));
    expect(rows.map((r) => r.variantKey).sort()).toEqual(['colour=red|size=l', 'colour=red|size=m']);
  });

  it('refuses a product with variants without a full combination, an unknown one and the same one twice', async () => {
    const s = await dressSeller();
    const none = await createAuction(s.auth, [{ productId: s.dress, auctionSettings: settings }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('products: choose which variant of Ankara dress to auction');
    const half = await createAuction(s.auth, [
      { productId: s.dress, variant: [{ name: 'Colour', value: 'Red' }], auctionSettings: settings },
    ]);
    expect(half.json().message).toBe('products: choose a Size for Ankara dress');
    const unknown = await createAuction(s.auth, [
      { productId: s.dress, variant: [{ name: 'Colour', value: 'Blue' }], auctionSettings: settings },
    ]);
    expect(unknown.statusCode).toBe(400);
    const twice = await createAuction(s.auth, [
      { productId: s.dress, variant: redM, auctionSettings: settings },
      { productId: s.dress, variant: redM, auctionSettings: settings },
    ]);
    expect(twice.statusCode).toBe(400);
  });

  it('keeps a product without variants as it was: no variant, its own name', async () => {
    const s = await sellerWithProducts(t, 1);
    const res = await createAuction(s.auth, [{ productId: s.productIds[0], auctionSettings: settings }]);
    expect(res.statusCode, res.body).toBe(201);
    const [item] = (res.json().stream as Stream).products;
    expect(item).toMatchObject({ variant: [], product: { name: 'Lot 1' } });
    const withVariant = await createAuction(s.auth, [
      { productId: s.productIds[0], variant: redM, auctionSettings: settings },
    ]);
    expect(withVariant.statusCode).toBe(400);
  });

  it('end to end: the seller opens one variant, bids and the win name it, moving on sells it', async () => {
    const s = await dressSeller();
    const created = await createAuction(s.auth, [
      { productId: s.dress, variant: redM, auctionSettings: settings },
      { productId: s.dress, variant: redL, auctionSettings: settings },
    ]);
    const stream = created.json().stream as Stream;
    const [m, l] = stream.products.map((p) => p.streamProductId as string) as [string, string];
    expect((await post(t.app, `/api/streams/${stream._id}/start`, s.auth)).statusCode).toBe(200);

    const activate = (streamProductId?: string) =>
      post(t.app, `/api/streams/${stream._id}/activate-product-bidding`, s.auth, {
        productId: s.dress,
        ...(streamProductId ? { streamProductId } : {}),
      });
    const which = await activate();
    expect(which.statusCode).toBe(400);
    expect(which.json().message).toBe('Choose which variant of this product to auction');
    const opened = await activate(m);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().product).toMatchObject({ streamProductId: m, bidStatus: 'active', variant: redM });

    const viewer = openSocket(url, undefined, sockets);
    expect(await subscribe(viewer, stream._id)).toEqual({ ok: true });
    const buyer = await buyerWithToken(t, 'Ngozi');
    const newBid = nextEvent<StreamNotification>(
      viewer,
      streamSocketEvents.notification,
      notificationOf(stream._id, 'new_bid'),
    );
    // The buyer's page bids by product: the bid goes to the variant being auctioned.
    const placed = await bid(t.app, buyer.auth, stream._id, s.dress, 1000);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().product).toMatchObject({ streamProductId: m, currentBid: 1000 });
    expect((await newBid).data).toMatchObject({
      product: { product: { productId: s.dress, streamProductId: m, variant: redM } },
    });

    const winner = nextEvent<StreamNotification>(
      viewer,
      streamSocketEvents.notification,
      notificationOf(stream._id, 'auction_winner'),
    );
    const ended = nextEvent<ProductAuctionStatusEvent>(
      viewer,
      streamSocketEvents.productAuctionStatus,
      (e) => e.streamId === stream._id && e.status === 'ended',
    );
    // Moving on to Red L closes Red M with the bid standing.
    expect((await activate(l)).statusCode).toBe(200);
    const won = await winner;
    expect(won.content).toBe('Ngozi won Ankara dress — Red / M for ₦1,000.00');
    expect(won.data).toMatchObject({ product: { product: { streamProductId: m, variant: redM } } });
    expect(await ended).toMatchObject({ productId: s.dress, streamProductId: m, outcome: 'sold' });

    const details = await t.app.inject({ method: 'GET', url: `/api/streams/${stream._id}` });
    const rail = (details.json().stream as Stream).products;
    expect(rail.map((p) => [p.product.name, p.bidStatus, p.outcome])).toEqual([
      ['Ankara dress — Red / M', 'ended', 'sold'],
      ['Ankara dress — Red / L', 'active', null],
    ]);
  });
});
