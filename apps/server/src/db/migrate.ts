import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from '@/db/client.ts';

// Any fixed 64-bit number; every node that starts takes the same lock so only one migrates at a time.
const MIGRATION_LOCK_KEY = 727_001_001;

/** Applies the committed migrations, serialised across nodes with a session advisory lock. */
export async function runMigrations(db: Database, migrationsFolder: string): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(db, { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
