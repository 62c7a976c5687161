import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { availability, startWatchdog } from '@/db/availability.ts';
import { openDatabase } from '@/db/client.ts';
import { databaseUnavailable } from '@/lib/pg-errors.ts';
import { createTestDatabase, type TestDatabase } from '@/test/build-test-app.ts';
import { waitFor } from '@/test/wait-for.ts';

const quiet = { warn: () => {}, info: () => {}, debug: () => {} };

/**
 * A TCP proxy to PostgreSQL that can be frozen: it stops passing bytes both ways, as PostgreSQL
 * stopped with SIGSTOP looks to a client that is already connected.
 */
async function freezableProxy(upstream: URL) {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let frozen = false;
  const server = net.createServer((client) => {
    const up = net.connect(Number(upstream.port || 5432), upstream.hostname);
    const pair: [net.Socket, net.Socket] = [client, up];
    pairs.add(pair);
    if (frozen) for (const s of pair) s.pause();
    client.pipe(up);
    up.pipe(client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      up.destroy();
    };
    client.on('error', end).on('close', end);
    up.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
      for (const pair of pairs) for (const s of pair) s.pause();
    },
    thaw: () => {
      frozen = false;
      for (const pair of pairs) for (const s of pair) s.resume();
    },
    close: () => {
      for (const pair of pairs) for (const s of pair) s.destroy();
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
    const real = new URL(inject('pgAdminUrl'));
    const proxy = await freezableProxy(real);
    const through = new URL(real);
    through.host = `127.0.0.1:${proxy.port}`;
    const av = availability();
    let probes = 0;
    const watchdog = startWatchdog({
      connectionConfig: () => {
        probes++;
        return { connectionString: through.toString() };
      },
      availability: av,
      intervalMs: 100,
      timeoutMs: 400,
      log: quiet,
    });
    try {
      // Connected and answering first, as a running server's watchdog is.
      await waitFor(() => probes > 0, 3000, 10);
      await new Promise((r) => setTimeout(r, 500));
      expect(av.state().available).toBe(true);
      proxy.freeze();
      const began = performance.now();
      await waitFor(() => !av.state().available, 3000, 10);
      expect(performance.now() - began).toBeLessThan(100 + 400 + 300);
      expect(av.state()).toMatchObject({ available: false, restarting: false });
      expect(av.state().reason).toMatch(/does not answer/);
      proxy.thaw();
      await waitFor(() => av.state().available, 3000, 10);
    } finally {
      await watchdog.stop();
      await proxy.close();
    }
  });

  it('does not take this node being held up for the database going quiet', async () => {
    // issue 18, `npm run cluster`: a node busy writing to 2,000 sockets ran its probe's deadline
    // before reading the answer that had arrived, and cut every connection of a healthy database.
    const real = new URL(inject('pgAdminUrl'));
    const proxy = await freezableProxy(real);
    const through = new URL(real);
    through.host = `127.0.0.1:${proxy.port}`;
    const av = availability();
    const downs: string[] = [];
    av.onChange((state) => {
      if (!state.available) downs.push(state.reason ?? '');
    });
    let probes = 0;
    const watchdog = startWatchdog({
      connectionConfig: () => {
        probes++;
        return { connectionString: through.toString() };
      },
      availability: av,
      intervalMs: 100,
      timeoutMs: 400,
      log: quiet,
    });
    try {
      await waitFor(() => probes > 0, 3000, 10);
      await new Promise((r) => setTimeout(r, 500));
      // A probe is sent and its answer held back for a moment…
      proxy.freeze();
      await new Promise((r) => setTimeout(r, 150));
      proxy.thaw();
      // …while this node's event loop is held up past the probe's deadline.
      const until = performance.now() + 800;
      let spins = 0;
      while (performance.now() < until) spins++;
      expect(spins).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1000));
      expect(downs).toEqual([]);
      expect(av.state().available).toBe(true);
    } finally {
      await watchdog.stop();
      await proxy.close();
    }
  });
});
