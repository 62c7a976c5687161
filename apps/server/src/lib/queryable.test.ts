import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, transactionsOf } from '@/lib/queryable.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`create table commit_probe (id int primary key)`);
});
afterAll(() => t.close());

/** Whether another connection sees the row: only once its transaction has committed. */
const visible = async (id: number) =>
  (await t.db.execute(sql`select 1 from commit_probe where id = ${id}`)).rows.length === 1;

describe('afterCommit', () => {
  it('runs a hook registered in a transaction once it has committed, when its writes can be read', async () => {
    const seen: boolean[] = [];
    const ran: Promise<boolean>[] = [];
    await transactionsOf(t.db)(async (tx) => {
      await tx.execute(sql`insert into commit_probe values (1)`);
      afterCommit(tx, () => ran.push(visible(1)));
      seen.push(ran.length > 0);
    });
    expect(seen).toEqual([false]);
    expect(await Promise.all(ran)).toEqual([true]);
  });

  it('drops the hooks of a transaction that rolls back', async () => {
    const ran: string[] = [];
    await expect(
      transactionsOf(t.db)(async (tx) => {
        afterCommit(tx, () => ran.push('pushed'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([]);
  });

  it('runs at once outside a transaction', () => {
    const ran: string[] = [];
    afterCommit(t.db, () => ran.push('pushed'));
    expect(ran).toEqual(['pushed']);
  });
});
