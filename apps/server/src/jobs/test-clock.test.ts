import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

const DAY = 86_400_000;

describe('the test clock (TEST_CLOCK=1)', () => {
  it('is off unless asked for, and refused on a database given by DATABASE_URL', () => {
    expect(loadConfig({}).TEST_CLOCK).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).TEST_CLOCK).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK: '1', DATABASE_URL: 'postgres://u:p@db:5432/kasuwa' })).toThrow(
      /TEST_CLOCK: is for end-to-end tests on the embedded database only/,
    );
  });

  describe('on a server without it', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t.close());

    it('has no route to move time, even for the operator', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/test-clock',
        headers: { authorization: `Bearer ${t.adminToken}` },
        payload: { advanceDays: 8 },
      });
      expect(res.statusCode).toBe(404);
      expect(t.app.printRoutes()).not.toContain('test-clock');
    });
  });

  describe('on a server with it', () => {
    let t: TestApp;
    const ran: string[] = [];
    beforeAll(async () => {
      t = await buildTestApp({ withTestClock: true });
      t.app.jobs.register({
        'test.ping': async (payload) => {
          ran.push((payload as { name: string }).name);
        },
      });
    });
    afterAll(() => t.close());

    const advance = (advanceDays: number, token = t.adminToken) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/test-clock',
        headers: { authorization: `Bearer ${token}` },
        payload: { advanceDays },
      });
    const appNow = () => t.testClock?.now().getTime() ?? Number.NaN;

    it('refuses anyone without the admin token, and a jump backwards', async () => {
      const before = appNow();
      expect((await advance(8, '')).statusCode).toBe(401);
      expect((await advance(8, 'not-the-token-but-long-enough')).statusCode).toBe(401);
      expect((await advance(-1)).statusCode).toBe(400);
      expect((await advance(0)).statusCode).toBe(400);
      expect(appNow()).toBe(before);
    });

    it('lets days pass: the app reads the new time and a job due within them runs now', async () => {
      const start = appNow();
      await t.app.jobs.queue.add(
        t.db,
        'test.ping',
        { name: 'in 7 days' },
        { runAt: new Date(start + 7 * DAY) },
      );
      await t.app.jobs.queue.add(
        t.db,
        'test.ping',
        { name: 'in 9 days' },
        { runAt: new Date(start + 9 * DAY) },
      );
      // The worker goes by its own time (here the fake clock under the test clock): nothing is due yet.
      await t.jobs.runDue();
      expect(ran).toEqual([]);

      const res = await advance(8);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ offsetMs: 8 * DAY, jobsMoved: 2 });
      expect(body.message).toMatch(/\(8 day\(s\) ahead\); 2 waiting job\(s\) moved as far/);
      expect(new Date(body.now).getTime()).toBe(start + 8 * DAY);
      expect(appNow()).toBe(start + 8 * DAY);

      // The worker's time did not move, yet the 7-day job is due; the 9-day one is a day away.
      await t.jobs.runDue();
      expect(ran).toEqual(['in 7 days']);
      t.clock.advance(DAY + 1000);
      await t.jobs.runDue();
      expect(ran).toEqual(['in 7 days', 'in 9 days']);
    });

    it('keeps "in a minute" a minute after the jump, not days', async () => {
      ran.length = 0;
      await t.app.jobs.queue.add(
        t.db,
        'test.ping',
        { name: 'in a minute' },
        { runAt: new Date(appNow() + 60_000) },
      );
      await t.jobs.runDue();
      expect(ran).toEqual([]);
      t.clock.advance(61_000);
      await t.jobs.runDue();
      expect(ran).toEqual(['in a minute']);
    });
  });
});
