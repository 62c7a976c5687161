import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reports a reachable database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', version: 'test', database: { reachable: true } });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 with a message when the database is unreachable', async () => {
    // Port 1 on loopback: nothing listens there, so every query fails at once.
    const dead = openDatabase('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const down = await buildTestApp({ db: dead.db });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        message: 'The database is unreachable',
        database: { reachable: false, latencyMs: null },
      });
    } finally {
      await down.close();
      await dead.close();
    }
  });
});
