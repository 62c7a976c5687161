import type { StorefrontResponse } from '@kasuwa/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sellers, streams } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { createShow, productsOf } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const page = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StorefrontResponse>();
};

async function storeWithSlug(slug: string, over: Parameters<typeof sellerWithToken>[1] = {}) {
  const s = await sellerWithToken(t, {
    storeSlug: slug,
    storeDescription: 'Ankara and lace, made in Aba.',
    ...over,
  });
  return s;
}

describe('GET /api/stores/:slug', () => {
  it("shows a store's shows, public blips and products on sale, and nothing private", async () => {
    const a = await storeWithSlug('ada-fabrics');
    const [onSale, soldOut] = await productsOf(t, a.seller.id, 2);
    await t.db
      .update(products)
      .set({ status: 'out_of_stock', stock: 0 })
      .where(eq(products.id, soldOut ?? ''));
    await productsOf(t, a.seller.id, 1, { status: 'draft' });
    const upcoming = await createShow(t.app, t, a.auth, [onSale ?? '']);
    const ended = await createShow(t.app, t, a.auth, [onSale ?? ''], { title: 'Last Friday' });
    await t.db
      .update(streams)
      .set({ status: 'ended', actualStartTime: t.clock.now(), endedAt: t.clock.now() })
      .where(eq(streams.id, ended._id));
    const buyer = await buyerWithToken(t);
    await t.app.inject({
      method: 'PUT',
      url: `/api/buyer/stores/${a.seller.id}/follow`,
      headers: buyer.auth,
    });

    // The link is matched whatever its case.
    const body = await page('/api/stores/Ada-Fabrics');
    expect(body.store).toMatchObject({
      id: a.seller.id,
      storeName: a.seller.storeName,
      slug: 'ada-fabrics',
      description: 'Ankara and lace, made in Aba.',
      followers: 1,
      onVacation: false,
    });
    expect(body.live).toBeNull();
    expect(body.upcoming.map((s) => s.id)).toEqual([upcoming._id]);
    expect(body.past.map((s) => s.title)).toEqual(['Last Friday']);
    // Newest first; the draft is not there; the sold-out one shows with no stock.
    expect(body.products.total).toBe(2);
    expect(body.products.items.map((p) => p.id).sort()).toEqual([onSale, soldOut].sort());
    const card = body.products.items.find((p) => p.id === onSale);
    expect(card).toMatchObject({
      name: 'Lot 1',
      price: 10_000,
      maxPrice: 10_000,
      buyNow: true,
      auction: true,
    });
    expect(body.products.items.find((p) => p.id === soldOut)).toMatchObject({ stock: 0, buyNow: false });
    const text = JSON.stringify(body);
    expect(text).not.toContain(a.seller.email);
    expect(text).not.toContain(a.seller.phoneNumber);
    expect(text).not.toContain('wallet');

    // On air: the show leads the page, with its viewers.
    await t.db
      .update(streams)
      .set({ status: 'live', actualStartTime: t.clock.now(), viewerCount: 42 })
      .where(eq(streams.id, upcoming._id));
    const live = await page('/api/stores/ada-fabrics');
    expect(live.live).toMatchObject({ id: upcoming._id, viewers: 42 });
    expect(live.upcoming).toEqual([]);
  });

  it('pages the products, 24 at a time, newest first', async () => {
    const a = await storeWithSlug('many-lots');
    await productsOf(t, a.seller.id, 30);
    // Lot 1 is the newest, Lot 30 the oldest.
    await t.db.execute(sql`UPDATE products SET created_at = now() - substring(name from 5)::int * interval '1 minute'
      WHERE seller_id = ${a.seller.id}`);
    const first = await page('/api/stores/many-lots');
    expect(first.products).toMatchObject({ page: 1, totalPages: 2, total: 30 });
    expect(first.products.items).toHaveLength(24);
    expect(first.products.items[0]?.name).toBe('Lot 1');
    const second = await page('/api/stores/many-lots?page=2');
    expect(second.products.items.map((p) => p.name)).toEqual([
      'Lot 25',
      'Lot 26',
      'Lot 27',
      'Lot 28',
      'Lot 29',
      'Lot 30',
    ]);
    const ids = new Set([...first.products.items, ...second.products.items].map((p) => p.id));
    expect(ids.size).toBe(30);
    expect((await get('/api/stores/many-lots?page=0')).statusCode).toBe(400);
    expect((await get('/api/stores/many-lots?page=x')).json().message).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown link and for a blocked, disabled or closed store', async () => {
    expect((await get('/api/stores/no-such-store')).statusCode).toBe(404);
    await storeWithSlug('blocked-one', { isBlocked: true });
    await storeWithSlug('disabled-one', { isDisabled: true });
    const closed = await storeWithSlug('closed-one');
    await t.db.update(sellers).set({ closedAt: t.clock.now() }).where(eq(sellers.id, closed.seller.id));
    for (const slug of ['blocked-one', 'disabled-one', 'closed-one']) {
      const res = await get(`/api/stores/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
