import type { Database } from '@/db/client.ts';

/**
 * Where a repository function runs its statements: the transaction of the service that called it,
 * or the database itself for work outside one. Every repository function takes it first, so a
 * query inside a transaction cannot run outside it by mistake (docs/architecture.md "Transactions").
 */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
export type RunInTransaction = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

/** The `transaction` of a repository: the service decides what goes in it, the database runs it. */
export const transactionsOf =
  (db: Database): RunInTransaction =>
  (fn) =>
    db.transaction((tx) => fn(tx));
