// A seller's blips as lists and details: who sees which, paging and counts.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlipBody, blipCalls } from '@/test/blips.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { multipartForm } from '@/test/multipart.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Seller = Awaited<ReturnType<typeof sellerWithToken>>;
const { product, uploadOk, get } = blipCalls(() => t);

describe('GET /api/products/seller/:sellerId/blips and blip details', () => {
  let a: Seller;
  let shown: BlipBody[];
  let hidden: BlipBody;
  let withImage: string;

  beforeAll(async () => {
    a = await sellerWithToken(t, { storeName: 'Ikeja Gadgets' });
    const imageRes = multipartForm([
      {
        field: 'image',
        filename: 'p.png',
        content: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/products/images',
      payload: imageRes.payload,
      headers: { ...imageRes.headers, ...a.auth },
    });
    withImage = uploaded.json().image.url;
    const active = await product(a.auth, { name: 'Tecno Spark 20', price: 120000, images: [withImage] });
    const draft = await product(a.auth, { name: 'Draft phone', status: 'draft' });
    shown = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(60_000);
      shown.unshift(await uploadOk(a.auth, active._id));
    }
    t.clock.advance(60_000);
    hidden = await uploadOk(a.auth, draft._id);
  });

  it('lists a seller’s blips newest first with the seller card and the blips pagination', async () => {
    const res = await get(`/api/products/seller/${a.seller.id}/blips?limit=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.seller).toEqual({ _id: a.seller.id, storeName: 'Ikeja Gadgets', storeAvatar: { url: null } });
    expect(body.blips.map((b: BlipBody) => b._id)).toEqual(shown.slice(0, 2).map((b) => b._id));
    expect(body).toMatchObject({ currentPage: 1, totalPages: 2, totalBlips: 3 });
    expect(body.blips[0].product).toEqual({
      _id: shown[0]?.productId,
      name: 'Tecno Spark 20',
      price: 120000,
      image: withImage,
    });
    const page2 = (await get(`/api/products/seller/${a.seller.id}/blips?limit=2&page=2`)).json();
    expect(page2.blips.map((b: BlipBody) => b._id)).toEqual([shown[2]?._id]);
    const past = (await get(`/api/products/seller/${a.seller.id}/blips?page=3`)).json();
    expect(past).toMatchObject({ blips: [], currentPage: 3, totalPages: 1, totalBlips: 3 });
  });

  it('shows blips of a draft product to its owner only', async () => {
    const b = await sellerWithToken(t);
    const asOther = (await get(`/api/products/seller/${a.seller.id}/blips`, b.auth)).json();
    expect(asOther.blips.map((x: BlipBody) => x._id)).not.toContain(hidden._id);
    const asOwner = (await get(`/api/products/seller/${a.seller.id}/blips`, a.auth)).json();
    expect(asOwner.totalBlips).toBe(4);
    expect(asOwner.blips[0]._id).toBe(hidden._id);
    const details = `/api/products/${hidden.productId}/blips/${hidden._id}`;
    expect((await get(details)).statusCode).toBe(404);
    expect((await get(details, b.auth)).statusCode).toBe(404);
    expect((await get(details, a.auth)).statusCode).toBe(200);
  });

  it('answers one blip with its counts, and 404 when the product in the path is not its product', async () => {
    const blip = shown[0];
    if (!blip) throw new Error('no blip');
    const res = await get(`/api/products/${blip.productId}/blips/${blip._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().blip).toMatchObject({ _id: blip._id, likesCount: 0, viewsCount: 0, commentsCount: 0 });
    expect((await get(`/api/products/${hidden.productId}/blips/${blip._id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${blip.productId}/blips/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${blip.productId}/blips/not-an-id`)).statusCode).toBe(400);
  });

  it.each([
    ['a non-numeric page', '?page=two', 'page'],
    ['limit 101', '?limit=101', 'limit'],
    ['an unknown parameter', '?sort=new', 'sort'],
  ])('answers 400 naming the field for %s', async (_label, query, field) => {
    const res = await get(`/api/products/seller/${a.seller.id}/blips${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('answers 404 for an unknown seller', async () => {
    expect((await get(`/api/products/seller/${randomUUID()}/blips`)).statusCode).toBe(404);
  });
});
