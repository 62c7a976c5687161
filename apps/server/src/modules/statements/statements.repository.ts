import { type LedgerEntryKind, ORDER_NUMBER_PREFIX } from '@kasuwa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { cursorBatches } from '@/lib/sql-cursor.ts';
import type { StatementBalance, StatementRow } from '@/modules/statements/statement-rows.ts';

/**
 * The statements' reads of the ledger's tables (schema/ledger.ts, written only by the ledger
 * module). A statement line is a seller's entry marked `shown`, the same lines the transactions
 * table lists. Every entry on the `available` account is a shown one (the hidden halves of a
 * release or a payout's settlement are on `pending`, `payout_in_flight` and `paid_out`), so the
 * available balance at any instant is a sum over the shown index `ledger_entries_seller_shown_at_idx`.
 * A shown line is on `pending`, `available` or `owed` (commission a cash order owes, netted from
 * the next money that frees up); the statement names the balance it moved.
 */

/** A statement's period: [start, end) instants, the Lagos days' bounds. */
export type Period = { sellerId: string; start: Date; end: Date };

/**
 * Which way to sum the available balance at `start`: the entries before it, or the cached balance
 * (`ledger_balances`, kept with every posting) less the entries since. Each reads the seller's
 * lines on one side of `start`; the service picks the shorter side.
 */
export type OpeningFrom = 'before' | 'balance';

const openingSql = (p: Period, from: OpeningFrom): SQL =>
  from === 'before'
    ? sql`SELECT coalesce(sum(amount_kobo), 0)::float8 AS kobo FROM ledger_entries
          WHERE seller_id = ${p.sellerId} AND shown AND account = 'available' AND at < ${p.start.toISOString()}::timestamptz`
    : sql`SELECT (coalesce((SELECT balance_kobo FROM ledger_balances WHERE seller_id = ${p.sellerId} AND account = 'available'), 0)
                 - coalesce((SELECT sum(amount_kobo) FROM ledger_entries
                              WHERE seller_id = ${p.sellerId} AND shown AND account = 'available'
                                AND at >= ${p.start.toISOString()}::timestamptz), 0))::float8 AS kobo`;

export type MonthFigures = {
  openingAvailableKobo: number;
  /** The month's lines summed per kind and balance. */
  sums: Array<{ kind: LedgerEntryKind; balance: StatementBalance; kobo: number; lines: number }>;
};

export type SellerForStatement = { storeName: string; email: string };

export function statementsRepository(db: Database) {
  return {
    db,

    async seller(q: Queryable, sellerId: string): Promise<SellerForStatement | null> {
      const { rows } = await q.execute<{ store_name: string; email: string }>(
        sql`SELECT store_name, email FROM sellers WHERE id = ${sellerId}`,
      );
      const r = rows[0];
      return r ? { storeName: r.store_name, email: r.email } : null;
    },

    /** The instants of the seller's first and last lines (two index probes), or null with none. */
    async extent(q: Queryable, sellerId: string): Promise<{ first: Date; last: Date } | null> {
      const { rows } = await q.execute<{ first: string | null; last: string | null }>(sql`
        SELECT (SELECT at FROM ledger_entries WHERE seller_id = ${sellerId} AND shown ORDER BY at, id LIMIT 1) AS first,
               (SELECT at FROM ledger_entries WHERE seller_id = ${sellerId} AND shown ORDER BY at DESC, id DESC LIMIT 1) AS last`);
      const r = rows[0];
      return r?.first && r.last ? { first: new Date(r.first), last: new Date(r.last) } : null;
    },

    /** The available balance at the period's start and its lines summed per kind, in one snapshot. */
    async monthFigures(q: Queryable, p: Period, from: OpeningFrom): Promise<MonthFigures> {
      const { rows } = await q.execute<{
        kind: LedgerEntryKind | null;
        balance: StatementBalance | null;
        kobo: number;
        lines: number;
      }>(sql`
        WITH opening AS (${openingSql(p, from)})
        SELECT NULL AS kind, NULL AS balance, (SELECT kobo FROM opening) AS kobo, 0 AS lines
        UNION ALL
        SELECT kind::text, CASE WHEN account IN ('pending', 'owed') THEN account::text ELSE 'available' END,
               sum(amount_kobo)::float8, count(*)::int
        FROM ledger_entries
        WHERE seller_id = ${p.sellerId} AND shown
          AND at >= ${p.start.toISOString()}::timestamptz AND at < ${p.end.toISOString()}::timestamptz
        GROUP BY 1, 2`);
      const [head, ...sums] = rows;
      return {
        openingAvailableKobo: Number(head?.kobo ?? 0),
        sums: sums.map((r) => ({
          kind: r.kind as LedgerEntryKind,
          balance: r.balance ?? 'available',
          kobo: Number(r.kobo),
          lines: Number(r.lines),
        })),
      };
    },

    /**
     * The period's lines oldest first, of `kinds` only (null: all), each with the available
     * balance after it, a batch at a time from a cursor: one statement, so the opening balance and
     * the lines are one snapshot, and memory holds one batch whatever the period's length. The
     * running balance counts every line of the period, also those the filter leaves out.
     */
    lineBatches(
      p: Period,
      from: OpeningFrom,
      kinds: readonly LedgerEntryKind[] | null,
    ): AsyncGenerator<StatementRow[]> {
      const kindFilter = kinds ? sql`WHERE l.kind::text = ANY(${`{${kinds.join(',')}}`}::text[])` : sql``;
      return cursorBatches<StatementRow>(
        db,
        sql`
        WITH opening AS (${openingSql(p, from)})
        SELECT to_char(l.at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM-DD HH24:MI') AS at_lagos,
               l.kind, coalesce(l.description, '') AS description,
               CASE WHEN o.number IS NULL THEN NULL ELSE ${ORDER_NUMBER_PREFIX} || o.number END AS order_number,
               l.balance, l.amount_kobo, l.available_after_kobo
        FROM (
          SELECT e.id, e.at, e.kind, e.description, e.order_id, e.amount_kobo::float8 AS amount_kobo,
                 CASE WHEN e.account IN ('pending', 'owed') THEN e.account::text ELSE 'available' END AS balance,
                 ((SELECT kobo FROM opening)
                   + sum(CASE WHEN e.account = 'available' THEN e.amount_kobo ELSE 0 END)
                       OVER (ORDER BY e.at, e.id ROWS UNBOUNDED PRECEDING))::float8 AS available_after_kobo
          FROM ledger_entries e
          WHERE e.seller_id = ${p.sellerId} AND e.shown
            AND e.at >= ${p.start.toISOString()}::timestamptz AND e.at < ${p.end.toISOString()}::timestamptz
        ) l
        LEFT JOIN orders o ON o.id = l.order_id
        ${kindFilter}
        ORDER BY l.at, l.id`,
      );
    },
  };
}
export type StatementsRepository = ReturnType<typeof statementsRepository>;
