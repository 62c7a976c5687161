import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, notifications } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { testJobs } from '@/test/jobs.ts';
import { someCategory } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string } | undefined;
const call = (method: 'GET' | 'POST', url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth ?? {}, ...(payload ? { payload } : {}) });

async function withData(name: string) {
  const s = await sellerWithToken(t, { storeName: `${name} ${Math.random().toString(36).slice(2, 7)}` });
  const { categoryId, subCategoryId } = await someCategory(t);
  const product = await call('POST', '/api/products', s.auth, {
    name: `${name} kaftan`,
    categoryId,
    subCategoryId,
    price: 12000,
    stock: 4,
  });
  expect(product.statusCode, product.body).toBe(201);
  await t.db.insert(notifications).values({
    sellerId: s.seller.id,
    type: 'welcome',
    title: 'Welcome',
    message: `Welcome ${name}`,
    data: {},
    createdAt: t.clock.now(),
  });
  return { ...s, productId: product.json().product._id as string };
}

describe('Download your data', () => {
  it("builds a zip of exactly this seller's data in a job, e-mails the seller and serves it to them only", async () => {
    const a = await withData('Amaka');
    const b = await withData('Bisi');

    expect((await call('GET', '/api/seller/settings/data-export', a.auth)).json()).toEqual({ export: null });
    expect((await call('GET', '/api/seller/settings/data-export/file', a.auth)).statusCode).toBe(404);

    const asked = await call('POST', '/api/seller/settings/data-export', a.auth);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().export.status).toBe('pending');
    // Asking again while it is being built answers the same export.
    const again = await call('POST', '/api/seller/settings/data-export', a.auth);
    expect(again.json().export._id).toBe(asked.json().export._id);

    const mailsBefore = t.mailer.sent.length;
    await testJobs(t.app, t.db, t.clock).runDue();
    const latest = (await call('GET', '/api/seller/settings/data-export', a.auth)).json().export;
    expect(latest.status).toBe('ready');
    expect(latest.sizeBytes).toBeGreaterThan(0);
    // The queued "ready" mail went out through the mail job.
    await testJobs(t.app, t.db, t.clock).runDue();
    const mail = t.mailer.sent.slice(mailsBefore).find((m) => m.to === a.seller.email);
    expect(mail?.subject).toMatch(/store data is ready/);

    const file = await call('GET', '/api/seller/settings/data-export/file', a.auth);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(file.rawPayload));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(['README.txt', 'data.json', 'csv/seller.csv', 'csv/products.csv']),
    );
    const everything = Object.values(zip)
      .map((u) => strFromU8(u))
      .join('\n');
    const data = JSON.parse(strFromU8(zip['data.json'] as Uint8Array));
    expect(data.seller).toHaveLength(1);
    expect(data.seller[0].email).toBe(a.seller.email);
    expect(data.seller[0]).not.toHaveProperty('password_hash');
    expect(data.products.map((p: { id: string }) => p.id)).toEqual([a.productId]);
    expect(data.notifications.map((n: { message: string }) => n.message)).toContain('Welcome Amaka');
    expect(strFromU8(zip['csv/products.csv'] as Uint8Array)).toContain('Amaka kaftan');
    // Nothing of the other seller anywhere in the file.
    for (const secret of [b.seller.id, b.seller.email, b.productId, 'Bisi kaftan', 'Welcome Bisi']) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain('not-used'); // the password hash of the test sellers

    // B has asked for nothing: B sees no export and cannot fetch A's file.
    expect((await call('GET', '/api/seller/settings/data-export', b.auth)).json()).toEqual({ export: null });
    expect((await call('GET', '/api/seller/settings/data-export/file', b.auth)).statusCode).toBe(404);
    expect((await call('GET', '/api/seller/settings/data-export/file', undefined)).statusCode).toBe(401);
  });

  it('builds once even when the job runs twice', async () => {
    const a = await sellerWithToken(t);
    const asked = await call('POST', '/api/seller/settings/data-export', a.auth);
    await testJobs(t.app, t.db, t.clock).runDue();
    const [first] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.json().export._id));
    await testJobs(t.app, t.db, t.clock).runDue();
    const [second] = await t.db.select().from(dataExports).where(eq(dataExports.id, asked.json().export._id));
    expect(second?.readyAt?.getTime()).toBe(first?.readyAt?.getTime());
    expect(second?.status).toBe('ready');
  });
});
