import { type LedgerEntryKind, ORDER_NUMBER_PREFIX } from '@kasuwa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  ledgerBalances,
  ledgerEntries,
  ledgerScheduledReleases,
  ledgerTransactions,
} from '@/db/schema/ledger.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';
import type { PlatformAccount, SellerAccount } from '@/modules/ledger/ledger-ports.ts';

export type LedgerAccount = SellerAccount | PlatformAccount;

/** A page's bound as a literal: a whole number, or the request was not validated. */
function wholeNumber(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a whole number: ${n}`);
  return n;
}

/** The transactions list counts its lines up to this many (500 pages of 20). */
export const LINES_COUNT_CAP = 10_000;
export const PLATFORM_ACCOUNTS: readonly PlatformAccount[] = ['buyer_payments', 'commission', 'payment_fees'];
export const SELLER_ACCOUNTS: readonly SellerAccount[] = [
  'pending',
  'available',
  'payout_in_flight',
  'paid_out',
  'refunds',
  'owed',
];
export const isPlatformAccount = (a: LedgerAccount): a is PlatformAccount =>
  (PLATFORM_ACCOUNTS as readonly string[]).includes(a);

export type TransactionKind =
  | 'order_paid'
  | 'cash_collected'
  | 'release'
  | 'refund'
  | 'payout_hold'
  | 'payout_paid'
  | 'payout_returned';

/** One line of a posting, before it is written. */
export type EntryDraft = {
  account: LedgerAccount;
  kind: LedgerEntryKind;
  amountKobo: number;
  /** Listed in the seller's transactions table, with these words. */
  description?: string;
};

export type PostingDraft = {
  key: string;
  kind: TransactionKind;
  sellerId: string;
  orderId?: string | null;
  payoutId?: string | null;
  memo?: string | null;
  at: Date;
  entries: EntryDraft[];
};

/** An order's money, summed per account and kind from its entries. */
export type OrderSums = Map<string, number>;
export const orderSumKey = (account: LedgerAccount, kind: LedgerEntryKind) => `${account}:${kind}`;

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

/** The ledger's queries. Every write runs in the caller's transaction under the seller's lock. */
export function ledgerRepository(db: Database) {
  return {
    db,
    transaction: transactionsOf(db),

    /**
     * The seller's ledger lock: the seller row, held to the end of the caller's transaction. Every
     * posting of a seller takes it first, so balances read under it stay true until the commit.
     * `FOR NO KEY UPDATE` leaves other tables' foreign keys to the seller unblocked.
     */
    async lockSeller(q: Queryable, sellerId: string): Promise<boolean> {
      const found = await q.execute(sql`select id from sellers where id = ${sellerId} for no key update`);
      return found.rows.length > 0;
    },

    /** What one payout has in one of the seller's accounts now (held in flight, or paid out). */
    async payoutBalance(
      q: Queryable,
      p: { sellerId: string; payoutId: string; account: 'payout_in_flight' | 'paid_out' },
    ): Promise<number> {
      const rows = await q.execute(sql`
        select coalesce(sum(amount_kobo), 0) as total from ledger_entries
        where seller_id = ${p.sellerId} and account = ${p.account} and payout_id = ${p.payoutId}`);
      return num((rows.rows[0] as Row).total);
    },

    async hasTransaction(q: Queryable, key: string): Promise<boolean> {
      const found = await q.execute(sql`select 1 from ledger_transactions where key = ${key}`);
      return found.rows.length > 0;
    },

    /**
     * Writes a balanced posting and moves the cached balances with it. Answers false (and writes
     * nothing) when its key was posted before.
     */
    async post(q: Queryable, p: PostingDraft): Promise<boolean> {
      const inserted = await q
        .insert(ledgerTransactions)
        .values({
          key: p.key,
          kind: p.kind,
          sellerId: p.sellerId,
          orderId: p.orderId ?? null,
          payoutId: p.payoutId ?? null,
          memo: p.memo ?? null,
          at: p.at,
        })
        .onConflictDoNothing({ target: ledgerTransactions.key })
        .returning({ id: ledgerTransactions.id });
      const txn = inserted[0];
      if (!txn) return false;
      const lines = p.entries.filter((e) => e.amountKobo !== 0);
      if (lines.length === 0) return true;
      await q.insert(ledgerEntries).values(
        lines.map((e) => ({
          transactionId: txn.id,
          sellerId: isPlatformAccount(e.account) ? null : p.sellerId,
          account: e.account,
          kind: e.kind,
          amountKobo: e.amountKobo,
          orderId: p.orderId ?? null,
          payoutId: p.payoutId ?? null,
          shown: e.description !== undefined,
          description: e.description ?? null,
          at: p.at,
        })),
      );
      const deltas = new Map<SellerAccount, number>();
      for (const e of lines) {
        if (isPlatformAccount(e.account)) continue;
        deltas.set(e.account, (deltas.get(e.account) ?? 0) + e.amountKobo);
      }
      for (const [account, delta] of deltas) {
        if (delta === 0) continue;
        await q
          .insert(ledgerBalances)
          .values({ sellerId: p.sellerId, account, balanceKobo: delta })
          .onConflictDoUpdate({
            target: [ledgerBalances.sellerId, ledgerBalances.account],
            set: { balanceKobo: sql`${ledgerBalances.balanceKobo} + ${delta}` },
          });
        if (account === 'available') {
          await q.execute(
            sql`update sellers set wallet_balance_kobo = wallet_balance_kobo + ${delta} where id = ${p.sellerId}`,
          );
        }
      }
      return true;
    },

    /** The cached balances per seller account (absent accounts are 0). */
    async balances(q: Queryable, sellerId: string): Promise<Record<SellerAccount, number>> {
      const rows = await q.execute(
        sql`select account, balance_kobo from ledger_balances where seller_id = ${sellerId}`,
      );
      const out = Object.fromEntries(SELLER_ACCOUNTS.map((a) => [a, 0])) as Record<SellerAccount, number>;
      for (const r of rows.rows as Row[]) out[r.account as SellerAccount] = num(r.balance_kobo);
      return out;
    },

    async orderSums(q: Queryable, orderId: string): Promise<OrderSums> {
      const rows = await q.execute(sql`
        select account, kind, sum(amount_kobo) as total from ledger_entries
        where order_id = ${orderId} group by account, kind`);
      const out: OrderSums = new Map();
      for (const r of rows.rows as Row[]) {
        out.set(orderSumKey(r.account as LedgerAccount, r.kind as LedgerEntryKind), num(r.total));
      }
      return out;
    },

    /** `KSW-100234`, for a line's words; null when the order is gone. */
    async orderNumber(q: Queryable, orderId: string): Promise<string | null> {
      const rows = await q.execute(sql`select number from orders where id = ${orderId}`);
      const r = rows.rows[0] as Row | undefined;
      return r ? `${ORDER_NUMBER_PREFIX}${num(r.number)}` : null;
    },

    /** The coupon an order used and its discount (issue 16), for the sale line's words. */
    async orderCoupon(q: Queryable, orderId: string): Promise<{ code: string; discountKobo: number } | null> {
      const rows = await q.execute(
        sql`select coupon_code, discount_kobo from orders where id = ${orderId} and coupon_code is not null`,
      );
      const r = rows.rows[0] as Row | undefined;
      return r ? { code: String(r.coupon_code), discountKobo: num(r.discount_kobo) } : null;
    },

    async scheduleRelease(q: Queryable, r: { orderId: string; sellerId: string; releaseAt: Date }) {
      await q
        .insert(ledgerScheduledReleases)
        .values(r)
        .onConflictDoUpdate({ target: ledgerScheduledReleases.orderId, set: { releaseAt: r.releaseAt } });
    },

    async scheduledRelease(q: Queryable, orderId: string) {
      const rows = await q
        .select()
        .from(ledgerScheduledReleases)
        .where(sql`${ledgerScheduledReleases.orderId} = ${orderId}`);
      return rows[0] ?? null;
    },

    async removeScheduledRelease(q: Queryable, orderId: string) {
      await q.execute(sql`delete from ledger_scheduled_releases where order_id = ${orderId}`);
    },

    /** The next scheduled release with money still pending on its order. */
    async nextRelease(q: Queryable, sellerId: string): Promise<{ amountKobo: number; at: Date } | null> {
      const rows = await q.execute(sql`
        select r.release_at, p.pending from ledger_scheduled_releases r
        cross join lateral (
          select coalesce(sum(e.amount_kobo), 0) as pending from ledger_entries e
          where e.order_id = r.order_id and e.account = 'pending'
        ) p
        where r.seller_id = ${sellerId} and p.pending > 0
        order by r.release_at asc limit 1`);
      const r = rows.rows[0] as Row | undefined;
      return r ? { amountKobo: num(r.pending), at: new Date(r.release_at as string) } : null;
    },

    /** What reached the bank between two instants: paid-out entries (a reversal counts back). */
    async paidOutBetween(q: Queryable, sellerId: string, from: Date, to: Date): Promise<number> {
      const rows = await q.execute(sql`
        select coalesce(sum(amount_kobo), 0) as total from ledger_entries
        where seller_id = ${sellerId} and account = 'paid_out'
          and at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz`);
      return num((rows.rows[0] as Row).total);
    },

    /**
     * One page of the seller's shown lines, newest first, with the total count of the filter. Lines
     * of one posting share its instant and keep their written order (the sale above its commission
     * and fee); the id makes the order total, so pages never overlap.
     */
    async lines(
      q: Queryable,
      f: { sellerId: string; kinds: readonly LedgerEntryKind[] | null; from: Date | null; to: Date | null },
      page: { limit: number; offset: number },
    ) {
      // The list's order is its indexes' order (at DESC NULLS LAST, id): `at desc` alone means NULLS
      // FIRST, which no index has, and made PostgreSQL sort every line of the seller for each page.
      const dates: SQL[] = [];
      if (f.from) dates.push(sql` and e.at >= ${f.from.toISOString()}::timestamptz`);
      if (f.to) dates.push(sql` and e.at < ${f.to.toISOString()}::timestamptz`);
      const byDate = sql.join(dates, sql``);
      const base = sql`e.seller_id = ${f.sellerId} and e.shown${byDate}`;
      const newestFirst = sql`order by e.at desc nulls last, e.id asc`;
      const cond = f.kinds
        ? sql`${base} and e.kind in (${sql.join(
            f.kinds.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : base;
      // The page's ids from the index alone (a chip of several kinds merges each kind's own index
      // range, a page's depth of each), then only those lines are read with their order: a deferred join.
      // Written into the statement, not bound: the pool plans every statement generically
      // (db/client.ts), and a generic plan that does not know the page is 20 lines guessed a
      // tenth of the seller's million lines and hashed them all (170 ms a page instead of 0.3 ms).
      const reach = sql.raw(String(wholeNumber(page.offset + page.limit)));
      const limit = sql.raw(String(wholeNumber(page.limit)));
      const offset = sql.raw(String(wholeNumber(page.offset)));
      const ids =
        f.kinds && f.kinds.length > 1
          ? sql`select u.id, u.at from (${sql.join(
              f.kinds.map(
                (k) =>
                  sql`(select e.id, e.at from ledger_entries e where ${base} and e.kind = ${k} ${newestFirst} limit ${reach})`,
              ),
              sql` union all `,
            )}) u order by u.at desc nulls last, u.id asc limit ${limit} offset ${offset}`
          : sql`select e.id, e.at from ledger_entries e where ${cond} ${newestFirst} limit ${limit} offset ${offset}`;
      const [rows, count] = await Promise.all([
        q.execute(sql`
          select e.id, e.at, e.kind, e.account, e.amount_kobo, e.description, e.order_id, e.payout_id,
                 o.number as order_number
          from (${ids}) p join ledger_entries e on e.id = p.id left join orders o on o.id = e.order_id
          ${newestFirst}`),
        // Counted up to a cap: a seller with a million lines would otherwise have every one of
        // them counted for each page; past the cap the pages stop at LINES_COUNT_CAP (the CSV has all).
        q.execute(
          sql`select count(*) as n from (select 1 from ledger_entries e where ${cond} limit ${LINES_COUNT_CAP}) c`,
        ),
      ]);
      return {
        rows: (rows.rows as Row[]).map((r) => ({
          id: String(r.id),
          at: new Date(r.at as string),
          kind: r.kind as LedgerEntryKind,
          account: r.account as SellerAccount,
          amountKobo: num(r.amount_kobo),
          description: String(r.description ?? ''),
          orderId: (r.order_id as string | null) ?? null,
          orderNumber: r.order_number == null ? null : num(r.order_number),
          payoutId: (r.payout_id as string | null) ?? null,
        })),
        total: num((count.rows[0] as Row).n),
      };
    },

    /** Shown lines summed per kind per Lagos period (day, week from Monday, or month; Lagos is UTC+1 all year). */
    async chartSums(
      q: Queryable,
      f: { sellerId: string; from: Date; to: Date; granularity: 'day' | 'week' | 'month' },
    ) {
      const unit = sql.raw(`'${f.granularity}'`);
      const rows = await q.execute(sql`
        select to_char(date_trunc(${unit}, (e.at at time zone 'UTC') + interval '1 hour'), 'YYYY-MM-DD') as period,
               e.kind, sum(e.amount_kobo) as total
        from ledger_entries e
        where e.seller_id = ${f.sellerId} and e.shown
          and e.at >= ${f.from.toISOString()}::timestamptz and e.at < ${f.to.toISOString()}::timestamptz
        group by 1, 2`);
      return (rows.rows as Row[]).map((r) => ({
        period: String(r.period),
        kind: r.kind as LedgerEntryKind,
        totalKobo: num(r.total),
      }));
    },
  };
}
export type LedgerRepository = ReturnType<typeof ledgerRepository>;
