import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sellers, subCategories } from '@/db/schema/index.ts';
import { sellerBlip } from '@/test/blips.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { sellerWithToken } from '@/test/sellers.ts';

const NUL = String.fromCharCode(0);

let t: TestApp;
let seller: Awaited<ReturnType<typeof sellerWithToken>>;
let buyer: Awaited<ReturnType<typeof buyerWithToken>>;
let blip: { blipId: string; productId: string };
let commentId: string;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await sellerWithToken(t, { accountType: 'individual' });
  buyer = await buyerWithToken(t);
  blip = await sellerBlip(t, seller);
  const c = await t.app.inject({
    method: 'POST',
    url: `/api/blips/${blip.blipId}/comments`,
    headers: buyer.auth,
    payload: { comment: 'Nice' },
  });
  expect(c.statusCode, c.body).toBe(201);
  commentId = c.json().comment._id;
});
afterAll(() => t?.close());

/** A JSON body sent as typed, so escapes such as \ud800 reach the server unchanged. */
const rawJson = (method: 'POST' | 'PUT', url: string, json: string, headers: Record<string, string>) =>
  t.app.inject({ method, url, payload: json, headers: { ...headers, 'content-type': 'application/json' } });

describe('text the product does not accept is a 400 with a message, never a 500', () => {
  it('refuses NUL (%00) in the query strings of the product list and search', async () => {
    for (const url of [
      `/api/products/seller/${seller.seller.id}?search=a%00b`,
      `/api/products/seller/${seller.seller.id}/search?query=a%00b`,
      `/api/products/seller/${seller.seller.id}/search?category=%00`,
      `/api/products/seller/${seller.seller.id}/auctions?search=%00`,
    ]) {
      const res = await t.app.inject({ url, headers: seller.auth });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/^Invalid query string: \w+: must not contain control characters/);
    }
  });

  it('refuses NUL in blip comments and replies of buyers, sellers and the admin', async () => {
    const calls = [
      { url: `/api/blips/${blip.blipId}/comments`, headers: buyer.auth, payload: { comment: `a${NUL}` } },
      {
        url: `/api/blips/${blip.blipId}/comments/${commentId}/replies`,
        headers: buyer.auth,
        payload: { comment: `a${NUL}` },
      },
      {
        url: `/api/products/${blip.productId}/blips/${blip.blipId}/comments/${commentId}/replies`,
        headers: seller.auth,
        payload: { comment: `a${NUL}` },
      },
      {
        url: `/api/admin/blips/${blip.blipId}/comments`,
        headers: { authorization: `Bearer ${t.adminToken}` },
        payload: { authorName: 'Ada', text: `a${NUL}` },
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ method: 'POST', ...call });
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(400);
      expect(res.json().issues[0].message).toBe('must not contain control characters');
    }
  });

  it('refuses an unpaired surrogate in a name, naming the field', async () => {
    const res = await rawJson(
      'PUT',
      '/api/seller/individual-information',
      '{"firstName":"Ade\\ud800","lastName":"Bello","sellerAddress":{"country":"Nigeria","state":"Lagos","city":"Ikeja","streetAddress1":"1 Allen Avenue","zipCode":"100271"}}',
      seller.auth,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'Invalid request body: firstName: contains a broken character (an unpaired UTF-16 surrogate)',
    );
  });

  it('guards a route whose schema still takes a bare string (a show title) and a field name holding NUL', async () => {
    const [sub] = await t.db.select().from(subCategories).limit(1);
    const show = { title: `Friday${NUL}sale`, category: sub?.categoryId, startImmediately: true };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/streams/open-live-show',
      headers: seller.auth,
      payload: show,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('Invalid request body: title: must not contain control characters');
    const key = await rawJson('PUT', '/api/seller/vacation-mode', '{"on\\u0000":true}', seller.auth);
    expect(key.statusCode, key.body).toBe(400);
  });

  it('refuses a body nested deeper than any contract instead of walking it', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const res = await rawJson('PUT', '/api/seller/vacation-mode', deep, seller.auth);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('stores accepted text in NFC, so one name typed two ways is one name', async () => {
    const [sub] = await t.db.select().from(subCategories).limit(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: seller.auth,
      payload: { name: 'Ade\u0301 shoes', categoryId: sub?.categoryId, subCategoryId: sub?.id, price: 5000 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(products).where(eq(products.id, res.json().product._id));
    expect(row?.name).toBe('Ad\u00e9 shoes');
    const [me] = await t.db.select().from(sellers).where(eq(sellers.id, seller.seller.id));
    expect(me?.firstName).toBe('Bola');
  });
});
