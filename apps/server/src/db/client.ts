import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Availability } from '@/db/availability.ts';
import * as schema from '@/db/schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
};

export type OpenDatabaseOptions = {
  max?: number;
  /** How long a new connection may take (ms). */
  connectionTimeoutMillis?: number;
  /**
   * The server's own bound on one statement (PostgreSQL's statement_timeout, ms); 0 or absent: none.
   * Only for the pool that serves requests: migrations and seeding run on a pool without it.
   */
  statementTimeoutMs?: number;
  /**
   * The database's known state (db/availability.ts): while it is away, new connections fail at
   * once with a 503 and open ones are cut, so no request hangs on a stopped or frozen server.
   */
  availability?: Availability;
};

/** The server's single connection pool. `max` stays small: several nodes share one PostgreSQL. */
export function openDatabase(connectionString: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  const settings = [
    // Every statement with parameters follows this, the unnamed ones node-postgres sends for most
    // queries too (PostgreSQL's plan cache treats them alike; auto_explain shows `$1` in their
    // plans). The products lists (product-pages.ts) are named statements checked to have good
    // generic plans, which PostgreSQL's default would re-plan on every request: a plan made without
    // knowing `limit` looks costlier than one that knows it is 10, however it is made. So a query
    // whose best plan depends on a bound value must not leave it to a parameter: page sizes and
    // depths are written into the statement as literals where that matters (the ledger's lines).
    '-c plan_cache_mode=force_generic_plan',
    // A generic plan's cost is guessed without `limit`, so a 10-row page can look costlier than
    // jit_above_cost: a PostgreSQL built with JIT (Debian's 15 is) then compiled the products
    // list's statement on every request, ~20 ms for a 1 ms query (issue 19, docs/performance.md).
    // These are short OLTP statements; none gains from JIT.
    '-c jit=off',
  ];
  if (options.statementTimeoutMs) settings.push(`-c statement_timeout=${options.statementTimeoutMs}`);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    application_name: 'kasuwa-seller',
    options: settings.join(' '),
    ...(options.availability ? { Client: guardedClient(options.availability) } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema, casing: 'snake_case' }) as Database;
  return { db, pool, close: () => pool.end() };
}

/**
 * The pool's clients, aware of the database's availability: a connection is refused at once while
 * the database is known to be away, and every open one is registered so it can be cut.
 */
function guardedClient(av: Availability): new () => pg.ClientBase {
  class GuardedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // A connection that dies while a request holds it (checked out, so the pool's own listener
      // is off) must not become an uncaught 'error' event: its queries get the error already.
      this.on('error', () => {});
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error | null, client?: pg.Client) => void): void;
    override connect(
      callback?: (err: Error | null, client?: pg.Client) => void,
    ): Promise<pg.Client> | undefined {
      if (!av.state().available) {
        const err = av.error();
        if (callback) {
          process.nextTick(() => callback(err));
          return undefined;
        }
        return Promise.reject(err);
      }
      av.track(this);
      if (callback) {
        super.connect(callback as (err: Error) => void);
        return undefined;
      }
      return super.connect();
    }
  }
  return GuardedClient as unknown as new () => pg.ClientBase;
}
