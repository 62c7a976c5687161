import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subCategories } from '@/db/schema/index.ts';
import { MEDIA_COOKIE } from '@/lib/media-access.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { multipartForm } from '@/test/multipart.ts';
import { png } from '@/test/onboarding.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof sellerWithToken>>;
let b: Awaited<ReturnType<typeof sellerWithToken>>;
let buyer: Awaited<ReturnType<typeof buyerWithToken>>;
let category: { categoryId: string; subCategoryId: string };

beforeAll(async () => {
  t = await buildTestApp();
  a = await sellerWithToken(t);
  b = await sellerWithToken(t);
  buyer = await buyerWithToken(t);
  const [sub] = await t.db.select().from(subCategories).limit(1);
  if (!sub) throw new Error('catalogue not seeded');
  category = { categoryId: sub.categoryId, subCategoryId: sub.id };
});
afterAll(() => t?.close());

async function uploadPhoto(): Promise<string> {
  const form = multipartForm([{ field: 'image', filename: 'a.png', content: await png() }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/images',
    payload: form.payload,
    headers: { ...form.headers, ...a.auth },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().image.url;
}

async function product(status: 'draft' | 'active', payload: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: a.auth,
    payload: { name: 'Aso-oke wrapper', ...category, price: 12000, status, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product._id;
}

/** The media cookie A's browser holds after any dashboard call. */
async function dashboardCookie(): Promise<string> {
  const res = await t.app.inject({ url: '/api/seller/profile', headers: a.auth });
  const set = String(res.headers['set-cookie'] ?? '');
  expect(set).toMatch(
    new RegExp(`^${MEDIA_COOKIE}=[^;]+; Path=/api/media; Max-Age=\\d+; HttpOnly; SameSite=Lax`),
  );
  return set.split(';')[0] ?? '';
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe("a product's photos are served only where the product is visible", () => {
  it("serves a draft's photo to its seller (token or the dashboard's media cookie) and 404 to everyone else", async () => {
    const url = await uploadPhoto();
    await product('draft', { images: [url] });
    const cookie = await dashboardCookie();

    const strangers: Record<string, string>[] = [
      {},
      b.auth,
      buyer.auth,
      { cookie: `${MEDIA_COOKIE}=${a.seller.id}.9999999999.forged` },
    ];
    for (const headers of strangers) {
      const res = await get(url, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json().message).toBe('Image not found');
    }
    for (const headers of [a.auth, { cookie }]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    }
  });

  it("does not let B's media cookie open A's draft photos", async () => {
    const url = await uploadPhoto();
    await product('draft', { images: [url] });
    const res = await t.app.inject({ url: '/api/seller/profile', headers: b.auth });
    const bCookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
    expect((await get(url, { cookie: bCookie })).statusCode).toBe(404);
  });

  it('keeps an upload no product carries yet to its seller', async () => {
    const url = await uploadPhoto();
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, a.auth)).statusCode).toBe(200);
  });

  it('serves the photos of a visible product, variants included, to anyone and lets shared caches keep them', async () => {
    const own = await uploadPhoto();
    const onVariant = await uploadPhoto();
    await product('active', {
      images: [own],
      options: [{ id: 'o1', name: 'Colour', values: ['Gold'] }],
      variants: [
        { name: 'Colour', value: 'Gold', price: null, totalStock: 2, images: [onVariant], subVariants: [] },
      ],
    });
    for (const url of [own, onVariant, sized(own, 160, 'webp'), sized(onVariant, 640, 'avif')]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('hides the photos again once the product goes back to draft', async () => {
    const url = await uploadPhoto();
    const id = await product('active', { images: [url] });
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(sized(url, 320, 'avif'))).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: a.auth,
      payload: { status: 'draft' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(sized(url, 320, 'avif'))).statusCode).toBe(404);
  });
});

/** The URL of one size of a photo (contracts' image-sizes.ts), as the web's srcset names it. */
const sized = (url: string, width: number, format: 'webp' | 'avif') =>
  url.replace(/\.webp$/, `.w${width}.${format}`);

describe("a photo's sizes follow the photo's rule (issue 20)", () => {
  it("serves a draft's sizes only to its seller, privately, and the same 404 to everyone else", async () => {
    const url = await uploadPhoto();
    await product('draft', { images: [url] });
    const cookie = await dashboardCookie();
    const bCookie =
      String(
        (await t.app.inject({ url: '/api/seller/profile', headers: b.auth })).headers['set-cookie'],
      ).split(';')[0] ?? '';
    for (const size of [sized(url, 160, 'webp'), sized(url, 640, 'avif')]) {
      const strangers: Record<string, string>[] = [{}, b.auth, buyer.auth, { cookie: bCookie }];
      for (const headers of strangers) {
        const res = await get(size, headers);
        expect(res.statusCode, `${size} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.json().message).toBe('Image not found');
      }
      for (const headers of [a.auth, { cookie }]) {
        const res = await get(size, headers);
        expect(res.statusCode, size).toBe(200);
        expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      }
    }
  });

  it("serves a visible product's sizes to anyone, in the format asked for, and lets shared caches keep them", async () => {
    const url = await uploadPhoto();
    await product('active', { images: [url] });
    const avif = await get(sized(url, 320, 'avif'));
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const webp = await get(sized(url, 320, 'webp'));
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(Number(webp.headers['content-length'])).toBe(webp.rawPayload.length);
  });

  it('answers 404, never a file or a 500, for names that are not a size of a photo', async () => {
    const url = await uploadPhoto();
    await product('active', { images: [url] });
    const folder = url.slice(0, url.lastIndexOf('/') + 1);
    const id = url.slice(folder.length, -'.webp'.length);
    for (const bad of [
      `${folder}${id}.w333.webp`,
      `${folder}${id}.w320.png`,
      `${folder}${id}.w320.avif.webp`,
      `${folder}..%2F..%2Fdocuments%2F${a.seller.id}%2F${id}.w320.webp`,
      `${folder}%2e%2e%2f${id}.w320.webp`,
      `/api/media/products/${b.seller.id}/${id}.w320.webp`,
    ]) {
      const res = await get(bad, a.auth);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message, bad).toBe('Image not found');
    }
    // A NUL in the path is refused before any route sees it (plugins/text-guard.ts).
    const nul = await get(`${folder}${id}.w320.webp%00.webp`, a.auth);
    expect(nul.statusCode).toBe(400);
  });
});
