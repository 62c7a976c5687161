import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@/cli/admin.ts';
import { blipComments, blips, products, sellers, subCategories } from '@/db/schema/index.ts';
import { seedDemo } from '@/seed/demo.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db);
  await t.db.update(sellers).set({ isVerified: false });
});
afterAll(() => t.close());

const command = (name: string, email: string, token = t.adminToken) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/sellers/${name}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { email },
  });

const flags = async () => {
  const [row] = await t.db
    .select({ isVerified: sellers.isVerified, isDisabled: sellers.isDisabled, isBlocked: sellers.isBlocked })
    .from(sellers)
    .where(eq(sellers.email, 'demo@kasuwa.ng'));
  return row;
};

describe('admin channel', () => {
  it('refuses a call without the admin token', async () => {
    const res = await command('approve', 'demo@kasuwa.ng', '');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid admin token' });
    expect((await flags())?.isVerified).toBe(false);
  });

  it('refuses a wrong admin token', async () => {
    const res = await command('approve', 'demo@kasuwa.ng', 'not-the-token-but-long-enough');
    expect(res.statusCode).toBe(401);
    expect((await flags())?.isVerified).toBe(false);
  });

  it('approves a seller, whatever the case of the e-mail', async () => {
    const res = await command('approve', 'Demo@Kasuwa.NG');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Seller demo@kasuwa.ng approved');
    expect(await flags()).toEqual({ isVerified: true, isDisabled: false, isBlocked: false });
  });

  it('disables and enables, blocks and unblocks', async () => {
    await command('disable', 'demo@kasuwa.ng');
    expect((await flags())?.isDisabled).toBe(true);
    await command('enable', 'demo@kasuwa.ng');
    expect((await flags())?.isDisabled).toBe(false);
    await command('block', 'demo@kasuwa.ng');
    expect((await flags())?.isBlocked).toBe(true);
    await command('unblock', 'demo@kasuwa.ng');
    expect((await flags())?.isBlocked).toBe(false);
  });

  it('answers 404 for an unknown seller', async () => {
    const res = await command('approve', 'nobody@kasuwa.ng');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Seller nobody@kasuwa.ng not found' });
  });

  it('answers 400 for an invalid e-mail', async () => {
    const res = await command('approve', 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid request body: email: Enter a valid e-mail address');
  });
});

describe('npm run admin', () => {
  let dataDir: string;
  let port: number;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-admin-'));
    await fs.writeFile(path.join(dataDir, 'admin-token'), `${t.adminToken}\n`, { mode: 0o600 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(
      argv,
      { PORT: String(port), DATA_DIR: dataDir },
      {
        out: (s) => out.push(s),
        err: (s) => err.push(s),
      },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('disables a seller through the running server with the token from DATA_DIR', async () => {
    const r = await run('disable', 'demo@kasuwa.ng');
    expect(r).toMatchObject({ code: 0, out: 'Seller demo@kasuwa.ng disabled' });
    expect((await flags())?.isDisabled).toBe(true);
    expect((await run('enable', 'demo@kasuwa.ng')).code).toBe(0);
  });

  it('prints the server message and fails for an unknown seller', async () => {
    const r = await run('block', 'ghost@kasuwa.ng');
    expect(r).toMatchObject({ code: 1, err: 'Seller ghost@kasuwa.ng not found' });
  });

  it('explains the usage for an unknown command', async () => {
    const r = await run('delete', 'demo@kasuwa.ng');
    expect(r.code).toBe(1);
    expect(r.err).toContain('Unknown command "delete"');
    expect(r.err).toContain('approve');
  });

  it('adds a buyer comment to a blip: comment <blipId> <name> <text…>', async () => {
    const [seller] = await t.db.select().from(sellers).where(eq(sellers.email, 'demo@kasuwa.ng'));
    const [sub] = await t.db.select().from(subCategories).limit(1);
    if (!seller || !sub) throw new Error('no seed');
    const [product] = await t.db
      .insert(products)
      .values({
        sellerId: seller.id,
        name: 'Aso Oke Set',
        categoryId: sub.categoryId,
        subCategoryId: sub.id,
        priceKobo: 4_500_000,
        saleType: { buyNow: true, auction: null },
      })
      .returning();
    if (!product) throw new Error('no product');
    const [blip] = await t.db
      .insert(blips)
      .values({
        sellerId: seller.id,
        productId: product.id,
        videoKey: 'public/blips/x/y.webm',
        videoMime: 'video/webm',
        durationMs: 4000,
      })
      .returning();
    if (!blip) throw new Error('no blip');

    const r = await run('comment', blip.id, 'Chioma Eze', 'Is', 'this', 'available', 'in', 'red?');
    expect(r).toMatchObject({ code: 0, out: `Comment added to blip ${blip.id}` });
    const [row] = await t.db.select().from(blipComments).where(eq(blipComments.blipId, blip.id));
    expect(row).toMatchObject({
      authorKind: 'buyer',
      authorName: 'Chioma Eze',
      text: 'Is this available in red?',
    });

    expect(await run('comment', '4a1e0a9e-0000-4000-8000-000000000000', 'Ada', 'Hello')).toMatchObject({
      code: 1,
      err: 'Blip not found',
    });
    const missing = await run('comment', blip.id, 'Ada');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("Give the blip id, the buyer's name and the comment");
  });

  it('says clearly when no server is running', async () => {
    const code = await runAdmin(
      ['approve', 'demo@kasuwa.ng'],
      { PORT: '1', DATA_DIR: dataDir },
      {
        out: () => {},
        err: (s) => expect(s).toMatch(/^Cannot reach the server at http:\/\/127\.0\.0\.1:1\//),
      },
    );
    expect(code).toBe(1);
  });
});
