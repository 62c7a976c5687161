import net from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { availability, startWatchdog } from '@/db/availability.ts';
import { openDatabase } from '@/db/client.ts';
import { databaseUnavailable } from '@/lib/pg-errors.ts';
import { createTestDatabase, type TestDatabase } from '@/test/build-test-app.ts';
import { waitFor } from '@/test/wait-for.ts';

const quiet = { warn: () => {}, info: () => {}, debug: () => {} };

/** A server that accepts connections and never says a word: PostgreSQL frozen with SIGSTOP, as a client sees it. */
async function frozenServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('the pool when the database is away', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.execute(sql`create table durability_probe (id int primary key, note text not null)`);
  });
  afterAll(() => t.drop());

  it('refuses at once while the database is marked away, and serves again once it is back', async () => {
    const av = availability();
    const handle = openDatabase(t.url, { availability: av });
    try {
      await handle.db.execute(sql`select 1`);
      av.markDown('PostgreSQL was killed by SIGKILL; it is being started again', { restarting: true });
      const began = performance.now();
      const err = await handle.db.execute(sql`select 1`).catch((e: unknown) => e);
      expect(performance.now() - began).toBeLessThan(100);
      // The pool's idle connection was cut at that moment: either answer is a 503.
      expect(databaseUnavailable(err)).toMatch(/restarting|lost/);
      const next = await handle.db.execute(sql`select 1`).catch((e: unknown) => e);
      expect(databaseUnavailable(next)).toBe('The database is restarting. Please try again in a moment.');
      av.markUp();
      await expect(handle.db.execute(sql`select 1 as one`)).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await handle.close();
    }
  });

  it('cuts a statement in flight when the database goes away, and its transaction leaves nothing', async () => {
    const av = availability();
    const handle = openDatabase(t.url, { availability: av });
    try {
      const tx = handle.db.transaction(async (db) => {
        await db.execute(sql`insert into durability_probe values (1, 'half')`);
        await db.execute(sql`select pg_sleep(1.5)`);
        await db.execute(sql`insert into durability_probe values (2, 'other half')`);
      });
      const outcome = tx.then(
        () => 'committed',
        (e: unknown) => e,
      );
      await new Promise((r) => setTimeout(r, 300));
      const began = performance.now();
      av.markDown('The database does not answer');
      const err = await outcome;
      expect(performance.now() - began).toBeLessThan(500);
      expect(databaseUnavailable(err)).toMatch(/lost|did not answer/);
    } finally {
      await handle.close();
    }
    // PostgreSQL rolls the transaction back when it sees the connection gone.
    const check = openDatabase(t.url, { max: 1 });
    try {
      await waitFor(async () => {
        const { rows } = await check.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where query like '%pg_sleep(1.5)%' and pid <> pg_backend_pid()`,
        );
        return rows[0]?.n === 0;
      });
      const { rows } = await check.db.execute(sql`select count(*)::int as n from durability_probe`);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await check.close();
    }
  });

  it('bounds one statement on the request pool only (statement_timeout), as a 503', async () => {
    const bounded = openDatabase(t.url, { statementTimeoutMs: 200 });
    const unbounded = openDatabase(t.url);
    try {
      const err = await bounded.db.execute(sql`select pg_sleep(1)`).catch((e: unknown) => e);
      expect(databaseUnavailable(err)).toBe(
        'The database took too long to answer. Please try again in a moment.',
      );
      await expect(unbounded.db.execute(sql`select pg_sleep(0.3)`)).resolves.toBeDefined();
    } finally {
      await bounded.close();
      await unbounded.close();
    }
  });
});

describe('the database watchdog', () => {
  it('marks a server that stops answering away within interval + timeout, and back when it answers', async () => {
    const frozen = await frozenServer();
    const real = new URL(inject('pgAdminUrl'));
    let target: pg.ClientConfig = { host: '127.0.0.1', port: frozen.port, user: 'x', database: 'x' };
    const av = availability();
    const watchdog = startWatchdog({
      connectionConfig: () => target,
      availability: av,
      intervalMs: 100,
      timeoutMs: 400,
      log: quiet,
    });
    try {
      const began = performance.now();
      await waitFor(() => !av.state().available, 3000, 10);
      expect(performance.now() - began).toBeLessThan(100 + 400 + 200);
      expect(av.state()).toMatchObject({ available: false, restarting: false });
      expect(av.state().reason).toMatch(/does not answer/);
      target = { connectionString: real.toString() };
      await waitFor(() => av.state().available, 3000, 10);
    } finally {
      await watchdog.stop();
      await frozen.close();
    }
  });
});
