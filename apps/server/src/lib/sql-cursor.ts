import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The rows of a query a batch at a time, from a PostgreSQL cursor (DECLARE … FETCH) on a connection
 * of its own, so an export of 100,000 rows holds one batch in memory, whatever its order. The
 * cursor lives in a read-only transaction: the export reads one snapshot from first row to last.
 * Stopping early (the client went away) closes the cursor and gives the connection back.
 */
export async function* cursorBatches<Row>(db: Database, query: SQL, batchSize = 500): AsyncGenerator<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await db.$client.connect();
  let failed = false;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`DECLARE export_cursor NO SCROLL CURSOR FOR ${text}`, params);
    for (;;) {
      const { rows } = await client.query(`FETCH ${batchSize} FROM export_cursor`);
      if (rows.length === 0) break;
      yield rows as Row[];
      if (rows.length < batchSize) break;
    }
    await client.query('COMMIT');
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    // A generator returned early (or a failure) leaves the transaction open: end it before reuse.
    try {
      await client.query('ROLLBACK');
    } catch {
      failed = true;
    }
    client.release(failed);
  }
}
