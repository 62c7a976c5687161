import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@/db/schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
};

/** The server's single connection pool. `max` stays small: several nodes share one PostgreSQL. */
export function openDatabase(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: 'kasuwa-seller',
    // Only named prepared statements (the products lists, product-pages.ts) follow this; every other
    // query is an unnamed statement, planned with its values each time. Those lists are checked to
    // have good generic plans, and PostgreSQL's default would re-plan them on every request: a plan
    // made without knowing `limit` looks costlier than one that knows it is 10, however it is made.
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema, casing: 'snake_case' }) as Database;
  return { db, pool, close: () => pool.end() };
}
