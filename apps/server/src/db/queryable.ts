import type { Database } from '@/db/client.ts';

/**
 * The pool or a transaction: a repository query that takes one runs in the caller's transaction,
 * so a service can write rows of several modules that commit or vanish together.
 */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
