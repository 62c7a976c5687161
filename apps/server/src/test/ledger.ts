import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '@/db/client.ts';
import { insertOrder, type OrderSpec } from '@/test/order-rows.ts';

type Row = Record<string, unknown>;

/** Every ledger transaction whose entries do not sum to zero (none, in a healthy ledger). */
export async function unbalancedTransactions(db: Database): Promise<string[]> {
  const { rows } = await db.execute(sql`
    select t.id from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id having coalesce(sum(e.amount_kobo), 0) <> 0`);
  return (rows as Row[]).map((r) => String(r.id));
}

/** A seller's balances per account, recomputed from the entries alone. */
export async function recomputedBalances(db: Database, sellerId: string): Promise<Record<string, number>> {
  const { rows } = await db.execute(sql`
    select account, sum(amount_kobo) as total from ledger_entries where seller_id = ${sellerId} group by account`);
  return Object.fromEntries((rows as Row[]).map((r) => [String(r.account), Number(r.total)]));
}

/** The cached balances (ledger_balances) and `sellers.wallet_balance_kobo`. */
export async function cachedBalances(db: Database, sellerId: string) {
  const { rows } = await db.execute(
    sql`select account, balance_kobo from ledger_balances where seller_id = ${sellerId}`,
  );
  const wallet = await db.execute(sql`select wallet_balance_kobo from sellers where id = ${sellerId}`);
  return {
    accounts: Object.fromEntries(
      (rows as Row[])
        .filter((r) => Number(r.balance_kobo) !== 0)
        .map((r) => [String(r.account), Number(r.balance_kobo)]),
    ),
    wallet: Number((wallet.rows[0] as Row).wallet_balance_kobo),
  };
}

/** The caches equal a recomputation from the entries, and the wallet column is `available`. */
export async function expectCachesMatchEntries(db: Database, sellerId: string) {
  const fromEntries = Object.fromEntries(
    Object.entries(await recomputedBalances(db, sellerId)).filter(([, v]) => v !== 0),
  );
  const cached = await cachedBalances(db, sellerId);
  expect(cached.accounts).toEqual(fromEntries);
  expect(cached.wallet).toBe(fromEntries.available ?? 0);
}

/** A paid online order row for ledger tests (checkout has its own tests). */
export const paidOrder = (db: Database, spec: Omit<OrderSpec, 'lines'> & { totalKobo: number }) =>
  insertOrder(db, { ...spec, lines: [{ name: 'Ankara Gown', priceKobo: spec.totalKobo }] });
