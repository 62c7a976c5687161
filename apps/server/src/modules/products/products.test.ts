// A product's writes and reads by id: create, get, update, delete, and how rows are stored.
// A seller's list: product-lists.test.ts; search: products-search.test.ts.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, subCategories } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let categoryId: string;
let subCategoryId: string;
let otherSubCategoryId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const subs = await t.db.select().from(subCategories);
  const first = subs[0];
  if (!first) throw new Error('catalogue not seeded');
  categoryId = first.categoryId;
  subCategoryId = first.id;
  const other = subs.find((s) => s.categoryId !== categoryId);
  if (!other) throw new Error('catalogue has one category');
  otherSubCategoryId = other.id;
});
afterAll(() => t.close());

type Auth = { authorization: string };
const base = () => ({ name: 'Ankara Maxi Dress', categoryId, subCategoryId, price: 15000 });

const create = (auth: Auth | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: auth ?? {}, payload });

async function createOk(auth: Auth, payload: Record<string, unknown> = {}) {
  const res = await create(auth, { ...base(), ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { _id: string; status: string; stock: number; name: string };
}

describe('POST /api/products', () => {
  it('creates a product and answers the message, the product and its summary fields', async () => {
    const a = await sellerWithToken(t);
    const res = await create(a.auth, { ...base(), stock: 4, compareAtPrice: 18000.5, tags: ['ankara'] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Product created successfully');
    expect(body).toMatchObject({ id: body.product._id, price: 15000, stock: 4, name: 'Ankara Maxi Dress' });
    expect(typeof body.category).toBe('string');
    expect(body.product).toMatchObject({
      sellerId: a.seller.id,
      categoryId,
      subCategoryId,
      price: 15000,
      compareAtPrice: 18000.5,
      status: 'active',
      condition: 'new',
      tags: ['ankara'],
      saleType: { buyNow: true, auction: null },
      variants: [],
    });
  });

  it('refuses a call without a token', async () => {
    expect((await create(undefined, base())).statusCode).toBe(401);
  });

  it.each([
    ['a negative price', { price: -5 }],
    ['a price with three decimals', { price: 10.555 }],
    ['a 201-character name', { name: 'x'.repeat(201) }],
    ['a 10,001-character description', { description: 'x'.repeat(10_001) }],
    ['a compare-at price below the price', { compareAtPrice: 100 }],
    ['a negative stock', { stock: -1 }],
    ['11 images', { images: Array.from({ length: 11 }, (_, i) => `/media/p${i}.webp`) }],
    ['an unknown field', { colour: 'red' }],
  ])('answers 400 for %s', async (_label, over) => {
    const a = await sellerWithToken(t);
    const res = await create(a.auth, { ...base(), ...over });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers 400 for a category that is not in the catalogue or a sub-category of another category', async () => {
    const a = await sellerWithToken(t);
    expect((await create(a.auth, { ...base(), categoryId: randomUUID() })).statusCode).toBe(400);
    expect((await create(a.auth, { ...base(), subCategoryId: otherSubCategoryId })).statusCode).toBe(400);
  });

  it('marks an active product with no stock as out of stock', async () => {
    const a = await sellerWithToken(t);
    expect((await createOk(a.auth, { stock: 0 })).status).toBe('out_of_stock');
    expect((await createOk(a.auth, { stock: 0, status: 'draft' })).status).toBe('draft');
  });

  it('recomputes stock from the variant tree instead of trusting the client totals', async () => {
    const a = await sellerWithToken(t);
    const res = await create(a.auth, {
      ...base(),
      stock: 999,
      options: [
        { id: 'o1', name: 'Colour', values: ['Red', 'Blue'] },
        { id: 'o2', name: 'Size', values: ['M', 'L'] },
      ],
      variants: [
        {
          name: 'Colour',
          value: 'Red',
          price: null,
          totalStock: 500,
          images: [],
          subVariants: [
            { name: 'Size', value: 'M', price: 16000, stock: 3, images: [], subSubVariants: [] },
            { name: 'Size', value: 'L', price: null, stock: 0, images: [], subSubVariants: [] },
          ],
        },
        {
          name: 'Colour',
          value: 'Blue',
          price: null,
          totalStock: 500,
          images: [],
          subVariants: [
            {
              name: 'Size',
              value: 'M',
              price: null,
              stock: 99,
              images: [],
              subSubVariants: [
                { name: 'Fabric', value: 'Cotton', price: null, stock: 2, sku: 'BLUE-M-COTTON', images: [] },
                { name: 'Fabric', value: 'Silk', price: 20000.25, stock: 5, sku: 'BLUE-M-SILK', images: [] },
              ],
            },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { product, stock } = res.json();
    expect(product.variants[0].totalStock).toBe(3);
    expect(product.variants[1].subVariants[0].stock).toBe(7);
    expect(product.variants[1].totalStock).toBe(7);
    expect(product.variants[1].subVariants[0].subSubVariants[1].price).toBe(20000.25);
    expect(product.variants[0].subVariants[0].price).toBe(16000);
    expect(stock).toBe(10);
  });

  it('never lets variant stock fall below 1', async () => {
    const a = await sellerWithToken(t);
    const product = await createOk(a.auth, {
      options: [{ id: 'o1', name: 'Size', values: ['S'] }],
      variants: [
        {
          name: 'Size',
          value: 'S',
          price: null,
          totalStock: 0,
          images: [],
          subVariants: [],
        },
      ],
    });
    expect(product.stock).toBe(1);
    expect(product.status).toBe('active');
  });
});

describe('GET /api/products/:id', () => {
  it('shows an active product to anyone', async () => {
    const a = await sellerWithToken(t);
    const p = await createOk(a.auth);
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${p._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: p._id, name: 'Ankara Maxi Dress', price: 15000 });
  });

  it('shows a draft only to its owner; other sellers and visitors get 404', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const p = await createOk(a.auth, { status: 'draft' });
    const url = `/api/products/${p._id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: a.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: b.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${randomUUID()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });
});

describe('PUT /api/products/:id', () => {
  it('changes the given fields, keeps the rest and answers the product', async () => {
    const a = await sellerWithToken(t);
    const p = await createOk(a.auth, { stock: 5, tags: ['keep'] });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p._id}`,
      headers: a.auth,
      payload: { name: 'Ankara Midi Dress', price: 12500.5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Product updated successfully');
    expect(res.json().product).toMatchObject({
      _id: p._id,
      name: 'Ankara Midi Dress',
      price: 12500.5,
      stock: 5,
      tags: ['keep'],
    });
  });

  it('moves a product between active and out of stock as its stock changes', async () => {
    const a = await sellerWithToken(t);
    const p = await createOk(a.auth, { stock: 2 });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${p._id}`, headers: a.auth, payload });
    expect((await put({ stock: 0 })).json().product.status).toBe('out_of_stock');
    expect((await put({ stock: 3 })).json().product.status).toBe('active');
  });

  it('refuses a compare-at price at or below the stored price', async () => {
    const a = await sellerWithToken(t);
    const p = await createOk(a.auth);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p._id}`,
      headers: a.auth,
      payload: { compareAtPrice: 15000 },
    });
    expect(res.statusCode).toBe(400);
  });

  it('keeps both of two simultaneous edits of one product (neither overwrites the other with what it read)', async () => {
    const a = await sellerWithToken(t);
    const product = await createOk(a.auth, { stock: 1 });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${product._id}`, headers: a.auth, payload });
    // Each round sends a price change and a stock change at the same time; an update that wrote back
    // the price or stock it had read before the other committed would lose the other's change.
    for (let round = 1; round <= 8; round += 1) {
      const [price, stock] = await Promise.all([put({ price: 20_000 + round }), put({ stock: 10 + round })]);
      expect(price.statusCode, price.body).toBe(200);
      expect(stock.statusCode, stock.body).toBe(200);
      const [row] = await t.db.select().from(products).where(eq(products.id, product._id));
      expect({ round, price: row?.priceKobo, stock: row?.stock }).toEqual({
        round,
        price: (20_000 + round) * 100,
        stock: 10 + round,
      });
    }
  });

  it("answers 404 when another seller tries to change a seller's product, and changes nothing", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const p = await createOk(a.auth);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p._id}`,
      headers: b.auth,
      payload: { name: 'Stolen' },
    });
    expect(res.statusCode).toBe(404);
    const after = await t.app.inject({ method: 'GET', url: `/api/products/${p._id}` });
    expect(after.json().name).toBe('Ankara Maxi Dress');
  });
});

describe('DELETE /api/products/:id', () => {
  it('deletes the product and answers its id and name', async () => {
    const a = await sellerWithToken(t);
    const p = await createOk(a.auth, { name: 'Aso Oke Cap' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${p._id}`, headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Aso Oke Cap has been deleted successfully',
      deletedProduct: { id: p._id, name: 'Aso Oke Cap' },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${p._id}` })).statusCode).toBe(404);
  });

  it("answers 404 when another seller tries to delete a seller's product, which stays", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const p = await createOk(a.auth);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${p._id}`, headers: b.auth });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${p._id}` })).statusCode).toBe(200);
  });
});

describe('product rows', () => {
  it('stores prices as integer kobo', async () => {
    const a = await sellerWithToken(t);
    const p = await createOk(a.auth, { price: 1234.56 });
    const [row] = await t.db.select().from(products).where(eq(products.id, p._id));
    expect(row?.priceKobo).toBe(123456);
  });
});
