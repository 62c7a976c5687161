import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app.ts';
import { loadConfig } from '@/config.ts';
import { fakeClock } from '@/lib/clock.ts';
import { DEFAULT_WRITE_RATE_LIMITS } from '@/plugins/rate-limit.ts';
import { localDiskStorage } from '@/storage/file-storage.ts';
import {
  buildTestApp,
  capturingMailer,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { multipartForm } from '@/test/multipart.ts';
import { sellerWithToken } from '@/test/sellers.ts';
import { serviceUrl } from '@/test/services.ts';

const redisUrl = serviceUrl('REDIS_URL');

describe.skipIf(!redisUrl)('rate limits across several nodes (Redis)', () => {
  let db: TestDatabase;
  let redis: Redis;
  beforeAll(async () => {
    db = await createTestDatabase();
    redis = new Redis(redisUrl ?? '', { maxRetriesPerRequest: 2 });
  });
  afterAll(async () => {
    await redis.quit();
    await db.drop();
  });

  const node = async (route: string) => {
    const app = await buildApp({
      db: db.db,
      mailer: capturingMailer(),
      // These tests upload nothing; the OS temp folder is a valid place for the storage to exist.
      storage: await localDiskStorage(path.join(os.tmpdir(), 'kasuwa-unused-uploads')),
      clock: fakeClock(),
      logger: false,
      adminToken: 'x'.repeat(32),
      jwtSecret: 'j'.repeat(32),
      webDist: null,
      redis,
    });
    app.get(route, { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    return app;
  };

  it('counts requests to two nodes against one limit', async () => {
    // A route name of its own, so reruns and parallel runs do not share counters.
    const route = `/api/limited-${randomBytes(4).toString('hex')}`;
    const a = await node(route);
    const b = await node(route);
    const codes: number[] = [];
    for (const app of [a, b, a, b]) codes.push((await app.inject({ method: 'GET', url: route })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    await a.close();
    await b.close();
  });

  it('lets requests through uncounted while Redis cannot be reached, instead of failing them (issue 18, chaos)', async () => {
    // Nothing listens on port 9: every command fails once its two retries are spent.
    const away = new Redis('redis://127.0.0.1:9', { maxRetriesPerRequest: 2, lazyConnect: true });
    away.on('error', () => {});
    const app = await buildApp({
      db: db.db,
      mailer: capturingMailer(),
      storage: await localDiskStorage(path.join(os.tmpdir(), 'kasuwa-unused-uploads')),
      clock: fakeClock(),
      logger: false,
      adminToken: 'x'.repeat(32),
      jwtSecret: 'j'.repeat(32),
      webDist: null,
      redis: away,
    });
    const route = `/api/limited-${randomBytes(4).toString('hex')}`;
    app.get(route, { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'GET', url: route })).statusCode);
    expect(codes).toEqual([200, 200, 200]);
    await app.close();
    away.disconnect();
  });
});

describe('the default limit of every write', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      writeRateLimits: {
        write: { max: 3, timeWindow: 60_000 },
        upload: { max: 2, timeWindow: 60_000 },
      },
    });
  });
  afterAll(() => t.close());

  const bid = (auth: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/streams/${randomUUID()}/bids`,
      headers: auth,
      payload: { productId: randomUUID(), amount: 5000 },
    });
  const upload = (auth: Record<string, string>) => {
    const form = multipartForm([{ field: 'image', filename: 'x.png', content: Buffer.from('not an image') }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/products/images',
      headers: { ...form.headers, ...auth },
      payload: form.payload,
    });
  };

  it('answers 429 to a buyer bidding past it, while another buyer keeps a budget of their own', async () => {
    const a = await buyerWithToken(t, 'Ada');
    const b = await buyerWithToken(t, 'Bisi');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await bid(a.auth)).statusCode);
    // The show does not exist (404); past the limit the bid is not even looked at.
    expect(codes).toEqual([404, 404, 404, 429]);
    const refused = await bid(a.auth);
    expect(refused.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ (second|minute)s?\.$/,
    );
    expect((await bid(b.auth)).statusCode).toBe(404);
  });

  it('gives image uploads the tighter upload limit, per seller', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await upload(a.auth)).statusCode);
    expect(codes).toEqual([415, 415, 429]);
    expect((await upload(b.auth)).statusCode).toBe(415);
  });

  it('keeps the limits routes set themselves, and leaves the operator’s routes unlimited', async () => {
    const a = await sellerWithToken(t);
    // Login has its own per-address limit (10 a minute by default), not the default's 3.
    const logins: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/seller/login',
        payload: { email: a.seller.email, password: 'wrong password' },
      });
      logins.push(res.statusCode);
    }
    expect(logins).not.toContain(429);
    const admin: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sellers/notify',
        headers: { authorization: `Bearer ${t.adminToken}` },
        payload: { email: a.seller.email, type: 'new_order' },
      });
      admin.push(res.statusCode);
    }
    expect(admin).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('the write limits’ configuration', () => {
  it('defaults to 1,200 writes and 60 uploads a minute per route and writer, and reads both settings', () => {
    expect(loadConfig({}).writeRateLimits).toEqual(DEFAULT_WRITE_RATE_LIMITS);
    expect(DEFAULT_WRITE_RATE_LIMITS).toEqual({
      write: { max: 1200, timeWindow: 60_000 },
      upload: { max: 60, timeWindow: 60_000 },
    });
    expect(
      loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: '1200', UPLOAD_RATE_LIMIT_PER_MINUTE: '30' }).writeRateLimits,
    ).toEqual({ write: { max: 1200, timeWindow: 60_000 }, upload: { max: 30, timeWindow: 60_000 } });
    expect(() => loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/WRITE_RATE_LIMIT_PER_MINUTE/);
  });
});
