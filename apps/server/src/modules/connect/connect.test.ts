import { CATALOGUE_FEED_COLUMNS } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sellers, streams } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { createShow, productsOf, someCategory } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://shop.example.ng' });
});
afterAll(() => t.close());

type Auth = { authorization: string };
const get = (url: string, auth?: Auth) => t.app.inject({ method: 'GET', url, headers: auth ?? {} });
const overview = async (auth: Auth) => {
  const res = await get('/api/connect', auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const feedPath = (url: string) => new URL(url).pathname;

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('GET /api/connect', () => {
  it('answers the store link, a feed address with a secret, the badge and the active product count', async () => {
    const a = await sellerWithToken(t);
    await productsOf(t, a.seller.id, 3);
    await productsOf(t, a.seller.id, 1, { status: 'draft' });
    const body = await overview(a.auth);
    expect(body.storeName).toBe(a.seller.storeName);
    expect(body.storeLink).toBe(`https://shop.example.ng/api/connect/go/${a.seller.id}`);
    expect(body.catalogueFeedUrl).toMatch(
      /^https:\/\/shop\.example\.ng\/api\/connect\/catalogue\/[A-Za-z0-9_-]{43}\.csv$/,
    );
    expect(body.badgeImageUrl).toBe(`https://shop.example.ng/api/connect/badge/${a.seller.id}.svg`);
    expect(body.activeProducts).toBe(3);
    expect(body.show).toBeNull();
    // The secret is kept: the screen shows the same address every time.
    expect((await overview(a.auth)).catalogueFeedUrl).toBe(body.catalogueFeedUrl);
  });

  it('needs a signed-in seller', async () => {
    expect((await get('/api/connect')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/connect/catalogue-token' })).statusCode).toBe(
      401,
    );
    expect((await get('/api/connect/poster.pdf')).statusCode).toBe(401);
  });
});

describe('the catalogue feed', () => {
  it("lists exactly one row per active product in Meta's columns, prices in NGN, nothing of drafts or other stores", async () => {
    const a = await sellerWithToken(t, { storeName: 'Adaeze, "Fabrics" & Co' });
    const b = await sellerWithToken(t);
    const { categoryId, subCategoryId } = await someCategory(t);
    const [plain] = await t.db
      .insert(products)
      .values({
        sellerId: a.seller.id,
        name: 'Ankara gown, size 12',
        description: 'Hand-sewn "owambe" gown.\nLined, with a zip.',
        categoryId,
        subCategoryId,
        priceKobo: 1_500_050,
        stock: 4,
        condition: 'new',
        images: [`/api/media/products/${a.seller.id}/0b1c2d3e-0000-4000-8000-000000000001.webp`],
        saleType: { buyNow: true, auction: null },
      })
      .returning();
    const [used] = await t.db
      .insert(products)
      .values({
        sellerId: a.seller.id,
        name: 'x'.repeat(150),
        description: '',
        categoryId,
        subCategoryId,
        priceKobo: 12_345_600,
        stock: 0,
        condition: 'used',
        images: [],
        saleType: { buyNow: false, auction: { startingBidKobo: 100_000 } },
      })
      .returning();
    const drafts = await productsOf(t, a.seller.id, 2, { status: 'draft' });
    const others = await productsOf(t, b.seller.id, 2);
    const [archived] = await productsOf(t, a.seller.id, 1);
    await t.db
      .update(products)
      .set({ status: 'archived' })
      .where(eq(products.id, archived ?? ''));

    const { catalogueFeedUrl } = await overview(a.auth);
    const res = await get(feedPath(catalogueFeedUrl));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.charCodeAt(0)).not.toBe(0xfeff);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...CATALOGUE_FEED_COLUMNS]);
    const data = rows.slice(1);
    expect(data).toHaveLength(2);
    const byId = new Map(
      data.map((r) => [r[0], Object.fromEntries(CATALOGUE_FEED_COLUMNS.map((c, i) => [c, r[i]]))]),
    );
    expect(byId.get(plain?.id)).toEqual({
      id: plain?.id,
      title: 'Ankara gown, size 12',
      description: 'Hand-sewn "owambe" gown.\nLined, with a zip.',
      availability: 'in stock',
      condition: 'new',
      price: '15000.50 NGN',
      link: `https://shop.example.ng/checkout/buy?productId=${plain?.id}&sellerId=${a.seller.id}&quantity=1`,
      image_link: `https://shop.example.ng/api/connect/products/${plain?.id}/image.jpg`,
      brand: 'Adaeze, "Fabrics" & Co',
    });
    const usedRow = byId.get(used?.id);
    expect(usedRow?.title).toHaveLength(100);
    expect(usedRow?.title?.endsWith('…')).toBe(true);
    expect(usedRow?.description).toBe(usedRow?.title);
    expect(usedRow).toMatchObject({
      availability: 'out of stock',
      condition: 'used',
      price: '123456.00 NGN',
      // An auction-only product cannot be bought from a link: the store link leads to its show.
      link: `https://shop.example.ng/api/connect/go/${a.seller.id}`,
      image_link: '',
    });
    for (const id of [...drafts, ...others, archived]) expect(res.body).not.toContain(id);
  });

  it('answers 404 for a made-up token, a rotated one, and another store that is blocked', async () => {
    const a = await sellerWithToken(t);
    await productsOf(t, a.seller.id, 1);
    const before = (await overview(a.auth)).catalogueFeedUrl;
    expect((await get(feedPath(before))).statusCode).toBe(200);

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/connect/catalogue-token',
      headers: a.auth,
    });
    expect(rotated.statusCode).toBe(200);
    const after = rotated.json().catalogueFeedUrl;
    expect(after).not.toBe(before);
    expect((await overview(a.auth)).catalogueFeedUrl).toBe(after);
    const old = await get(feedPath(before));
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: 'Catalogue not found' });
    expect((await get(feedPath(after))).statusCode).toBe(200);

    expect((await get(`/api/connect/catalogue/${'A'.repeat(43)}.csv`)).statusCode).toBe(404);
    expect((await get('/api/connect/catalogue/short.csv')).statusCode).toBe(400);

    await t.db.update(sellers).set({ isBlocked: true }).where(eq(sellers.id, a.seller.id));
    expect((await get(feedPath(after))).statusCode).toBe(404);
  });

  it("never answers another seller's feed: B's token reads B's products only", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const [aProduct] = await productsOf(t, a.seller.id, 1);
    const [bProduct] = await productsOf(t, b.seller.id, 1);
    const bFeed = await get(feedPath((await overview(b.auth)).catalogueFeedUrl));
    expect(bFeed.body).toContain(bProduct);
    expect(bFeed.body).not.toContain(aProduct);
  });
});

describe('the store link, badge and product photos', () => {
  it('the badge says live now during a show, the next show before it, else invites to the store', async () => {
    const a = await sellerWithToken(t, { storeName: 'Mama <Tee> Wares' });
    const none = await get(`/api/connect/badge/${a.seller.id}.svg`);
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(none.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(none.body).toContain('Shop Mama &lt;Tee&gt; Wares');
    expect(none.body).not.toContain('<script');
    // With nothing to watch, the store link is a plain page naming the store.
    const page = await get(`/api/connect/go/${a.seller.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Mama &lt;Tee&gt; Wares');

    const [productId] = await productsOf(t, a.seller.id, 1);
    const show = await createShow(t.app, t, a.auth, [productId ?? '']);
    const next = await get(`/api/connect/badge/${a.seller.id}.svg`);
    expect(next.body).toContain('Next live:');
    const toNext = await get(`/api/connect/go/${a.seller.id}`);
    expect(toNext.statusCode).toBe(302);
    expect(toNext.headers.location).toBe(`/watch/${show._id}`);

    await t.db
      .update(streams)
      .set({ status: 'live', actualStartTime: t.clock.now() })
      .where(eq(streams.id, show._id));
    const live = await get(`/api/connect/badge/${a.seller.id}.svg`);
    expect(live.body).toContain('LIVE NOW');
    expect((await overview(a.auth)).show).toMatchObject({ id: show._id, status: 'live' });

    // With a store link chosen in Settings: the show while it is on air, else the store's page.
    await t.db.update(sellers).set({ storeSlug: 'mama-tee' }).where(eq(sellers.id, a.seller.id));
    expect((await get(`/api/connect/go/${a.seller.id}`)).headers.location).toBe(`/watch/${show._id}`);
    await t.db
      .update(streams)
      .set({ status: 'ended', endedAt: t.clock.now() })
      .where(eq(streams.id, show._id));
    const toStore = await get(`/api/connect/go/${a.seller.id}`);
    expect(toStore.statusCode).toBe(302);
    expect(toStore.headers.location).toBe('/store/mama-tee');
  });

  it('answers 404 for an unknown or blocked store and 400 for a malformed id', async () => {
    const a = await sellerWithToken(t, { isBlocked: true });
    expect((await get(`/api/connect/badge/${a.seller.id}.svg`)).statusCode).toBe(404);
    expect((await get(`/api/connect/go/${a.seller.id}`)).statusCode).toBe(404);
    expect((await get('/api/connect/badge/00000000-0000-4000-8000-000000000000.svg')).statusCode).toBe(404);
    expect((await get('/api/connect/badge/nope.svg')).statusCode).toBe(400);
  });

  it("serves an active product's photo as JPEG, and nothing of a draft", async () => {
    const a = await sellerWithToken(t);
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c2410c' } })
      .webp()
      .toBuffer();
    const imageId = '0b1c2d3e-0000-4000-8000-000000000002';
    await t.storage.putBuffer(`public/products/${a.seller.id}/${imageId}.webp`, webp);
    const { categoryId, subCategoryId } = await someCategory(t);
    const url = `/api/media/products/${a.seller.id}/${imageId}.webp`;
    const rows = await t.db
      .insert(products)
      .values(
        (['active', 'draft'] as const).map((status) => ({
          sellerId: a.seller.id,
          name: `Photo ${status}`,
          categoryId,
          subCategoryId,
          priceKobo: 100_000,
          images: [url],
          status,
          saleType: { buyNow: true, auction: null },
        })),
      )
      .returning({ id: products.id });
    const res = await get(`/api/connect/products/${rows[0]?.id}/image.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(40);
    expect((await get(`/api/connect/products/${rows[1]?.id}/image.jpg`)).statusCode).toBe(404);
  });
});

describe('GET /api/connect/poster.pdf', () => {
  it("prints the store's name, the store link as a QR code and in words, and the next show", async () => {
    const a = await sellerWithToken(t, { storeName: 'Bisi Beads Ikeja' });
    const [productId] = await productsOf(t, a.seller.id, 1);
    await createShow(t.app, t, a.auth, [productId ?? ''], { title: 'Beads Saturday' });
    const res = await get('/api/connect/poster.pdf', a.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await new PDFParse({ data: res.rawPayload }).getText()).text.replace(/\s+/g, ' ');
    expect(text).toContain('Bisi Beads Ikeja');
    expect(text).toContain('Scan to watch our live shows and buy');
    expect(text).toContain(`https://shop.example.ng/api/connect/go/${a.seller.id}`);
    expect(text).toContain('Next live show:');
  });
});

describe('the public routes are rate limited', () => {
  it('a client guessing feed tokens is stopped with 429 after 30 a minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await get(`/api/connect/catalogue/${String(i).padStart(43, 'x')}.csv`)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 404 || c === 429)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await get(`/api/connect/catalogue/${'y'.repeat(43)}.csv`)).json().message).toMatch(
      /Too many requests|try again/i,
    );
  });
});
