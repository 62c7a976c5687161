import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { availability } from '@/db/availability.ts';
import { openDatabase } from '@/db/client.ts';
import { watchDiskSpace } from '@/db/disk-space.ts';
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

  it('says the database is restarting, and why, while the supervisor starts it again', async () => {
    const av = availability();
    const handle = openDatabase(inject('pgAdminUrl'), { max: 1, availability: av });
    const down = await buildTestApp({ db: handle.db, health: { availability: av } });
    try {
      av.markDown('PostgreSQL was killed by SIGKILL; it is being started again', { restarting: true });
      const began = performance.now();
      const res = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(performance.now() - began).toBeLessThan(500);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        message: 'The database is unreachable: PostgreSQL was killed by SIGKILL; it is being started again',
        database: { reachable: false, restarting: true, reason: expect.stringContaining('SIGKILL') },
      });
      av.markUp();
      const back = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ status: 'ok', database: { reachable: true, restarting: false } });
    } finally {
      await down.close();
      await handle.close();
    }
  });

  it('stays 200 but degraded, with a warning, when DATA_DIR is low on disk space', async () => {
    const disk = watchDiskSpace({
      path: '/data',
      thresholdBytes: 512 * 1024 * 1024,
      read: async () => 100 * 1024 * 1024,
      log: { warn: () => {}, info: () => {} },
    });
    const low = await buildTestApp({ health: { disk } });
    try {
      const res = await low.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        database: { reachable: true },
        disk: { freeBytes: 100 * 1024 * 1024, low: true, thresholdBytes: 512 * 1024 * 1024 },
        warnings: [expect.stringMatching(/^Disk space is low on DATA_DIR: 100 MB free/)],
      });
    } finally {
      disk.stop();
      await low.close();
    }
  });
});
