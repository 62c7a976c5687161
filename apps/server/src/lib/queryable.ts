import type { Database } from '@/db/client.ts';

/**
 * Where a repository function runs its statements: the transaction of the service that called it,
 * or the database itself for work outside one. Every repository function takes it first, so a
 * query inside a transaction cannot run outside it by mistake (docs/architecture.md "Transactions").
 */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
export type RunInTransaction = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

// The work each open transaction (made by transactionsOf) runs once it has committed.
const commitHooks = new WeakMap<object, Array<() => void>>();

/**
 * Runs `hook` once `q` has committed: a live push of what `q` stored, from a module that works in
 * its caller's transaction (the orders ports) and so cannot know when that commits. When `q` is
 * the database itself (its statements are committed already) or a transaction this file did not
 * open, `hook` runs at once. A rolled-back transaction drops its hooks.
 */
export function afterCommit(q: Queryable, hook: () => void): void {
  const hooks = commitHooks.get(q);
  if (hooks) hooks.push(hook);
  else hook();
}

/** The `transaction` of a repository: the service decides what goes in it, the database runs it. */
export const transactionsOf =
  (db: Database): RunInTransaction =>
  async (fn) => {
    const hooks: Array<() => void> = [];
    const result = await db.transaction((tx) => {
      commitHooks.set(tx, hooks);
      return fn(tx);
    });
    for (const hook of hooks) hook();
    return result;
  };
