import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app.ts';
import { fakeClock } from '@/lib/clock.ts';
import { localDiskStorage } from '@/storage/file-storage.ts';
import { capturingMailer, createTestDatabase, type TestDatabase } from '@/test/build-test-app.ts';
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
});
