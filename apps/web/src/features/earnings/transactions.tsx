import type { LedgerTransaction } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ReceiptText, Search } from 'lucide-react';
import { memo, useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import {
  readTransactionParams,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionParams,
  writeTransactionParams,
} from '@/features/earnings/earnings-api';
import {
  badgeClasses,
  formatDate,
  formatDateTime,
  LEDGER_FILTER_TEXT,
  LEDGER_FILTERS,
  LEDGER_KIND_TEXT,
} from '@/features/earnings/earnings-labels';
import { earningsQueries } from '@/features/earnings/earnings-queries';
import type { ApiClient } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { useMediaQuery, WIDE_LIST_QUERY } from '@/lib/use-media-query';
import { Button } from '@/ui/button';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { Pagination } from '@/ui/pagination';
import { withUnbrokenCodes } from '@/ui/unbroken';

export const NEW_SELLER_TEXT = 'Your earnings will appear here after your first sale';

/** The table's state in the URL, beside anything else the screen keeps there. */
export function useTransactionParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readTransactionParams(searchParams);
  const setParams = (next: Partial<TransactionParams>) =>
    setSearchParams((current) => writeTransactionParams({ ...params, ...next }, current), {
      preventScrollReset: true,
    });
  return { params, setParams };
}

/** '+₦17,500.00' for money in, '−₦875.00' for money out. */
export function signedNaira(amount: number): string {
  if (amount === 0) return formatNaira(0);
  return `${amount > 0 ? '+' : '−'}${formatNaira(Math.abs(amount))}`;
}

function Amount({ amount }: { amount: number }) {
  return (
    <span
      className={clsx(
        'font-semibold tabular-nums',
        amount > 0 ? 'text-brand-700' : amount < 0 ? 'text-danger-700' : 'text-ink',
      )}
    >
      {signedNaira(amount)}
    </span>
  );
}

function BalanceTag({ balance }: { balance: LedgerTransaction['balance'] }) {
  return balance === 'pending' ? (
    <span className={badgeClasses.wait}>Pending</span>
  ) : (
    <span className={badgeClasses.good}>Available</span>
  );
}

function OrderLink({ order }: { order: LedgerTransaction['order'] }) {
  if (!order) return null;
  return (
    <Link
      to={paths.dashboard.order(order._id)}
      className="whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {order.number}
    </Link>
  );
}

const TableRow = memo(function TableRow({ line }: { line: LedgerTransaction }) {
  return (
    <tr className="border-line border-b last:border-0">
      <td className="whitespace-nowrap px-4 py-3 text-ink-muted">{formatDateTime(line.at)}</td>
      <th scope="row" className="px-4 py-3 text-left font-medium text-ink">
        {LEDGER_KIND_TEXT[line.kind]}
      </th>
      <td className="px-4 py-3 text-ink">{withUnbrokenCodes(line.description)}</td>
      <td className="px-4 py-3">
        <OrderLink order={line.order} />
      </td>
      <td className="px-4 py-3">
        <BalanceTag balance={line.balance} />
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-right">
        <Amount amount={line.amount} />
      </td>
    </tr>
  );
});

const CardRow = memo(function CardRow({ line }: { line: LedgerTransaction }) {
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium text-ink">{LEDGER_KIND_TEXT[line.kind]}</p>
        <p className="text-ink-muted text-sm">{withUnbrokenCodes(line.description)}</p>
        <p className="flex flex-wrap items-center gap-x-2 text-ink-muted text-xs">
          {formatDate(line.at)}
          {line.order && (
            <>
              <span aria-hidden>·</span>
              <OrderLink order={line.order} />
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <Amount amount={line.amount} />
        <BalanceTag balance={line.balance} />
      </div>
    </li>
  );
});

function TransactionRows({ lines }: { lines: LedgerTransaction[] }) {
  const wide = useMediaQuery(WIDE_LIST_QUERY);
  if (!wide) {
    return (
      <ul className="divide-y divide-line">
        {lines.map((line) => (
          <CardRow key={line._id} line={line} />
        ))}
      </ul>
    );
  }
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-ink-muted">
        <tr className="border-line border-b">
          <th scope="col" className="px-4 py-3 font-medium">
            Date
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Type
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Description
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Order
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Balance
          </th>
          <th scope="col" className="px-4 py-3 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <TableRow key={line._id} line={line} />
        ))}
      </tbody>
    </table>
  );
}

/** Every kobo in and out: filter chips, a date range and pages, all kept in the URL. */
export function Transactions({ api }: { api: ApiClient }) {
  const { params, setParams } = useTransactionParams();
  const query = useQuery(earningsQueries.transactions(api, params));
  const data = query.data;
  const fromId = useId();
  const toId = useId();
  const filtered = params.filter !== 'all' || Boolean(params.from || params.to);

  // A page past the end (the URL of an old visit): show the last page there is.
  const totalPages = data?.pagination.totalPages ?? 0;
  const tooFar = !query.isPlaceholderData && totalPages > 0 && params.page > totalPages;
  useEffect(() => {
    if (tooFar) setParams({ page: totalPages });
  });

  const dateClasses =
    'min-h-10 w-full rounded-control border border-line-strong bg-surface px-2 text-sm text-ink';
  return (
    <section aria-labelledby="transactions-title" className="rounded-card bg-surface shadow-card">
      <div className="flex flex-col gap-3 border-line border-b p-4 sm:p-5">
        <h2 id="transactions-title" className="font-semibold text-ink text-lg">
          Transactions
        </h2>
        {/* min-w-0: a fieldset is otherwise as wide as its content, and the chips would widen the page. */}
        <fieldset className="-mx-1 flex min-w-0 gap-1.5 overflow-x-auto px-1 pb-1">
          <legend className="sr-only">Show</legend>
          {LEDGER_FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              aria-pressed={params.filter === filter}
              onClick={() => setParams({ filter, page: 1 })}
              className={clsx(
                'inline-flex min-h-10 shrink-0 items-center rounded-full px-3.5 font-medium text-sm',
                params.filter === filter ? 'bg-brand-600 text-white' : 'bg-canvas text-ink hover:bg-line',
              )}
            >
              {LEDGER_FILTER_TEXT[filter]}
            </button>
          ))}
        </fieldset>
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <div className="flex flex-col gap-1">
            <label htmlFor={fromId} className="font-medium text-ink text-xs">
              From
            </label>
            <input
              id={fromId}
              type="date"
              value={params.from ?? ''}
              max={params.to}
              onChange={(e) => setParams({ from: e.target.value || undefined, page: 1 })}
              className={dateClasses}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={toId} className="font-medium text-ink text-xs">
              To
            </label>
            <input
              id={toId}
              type="date"
              value={params.to ?? ''}
              min={params.from}
              onChange={(e) => setParams({ to: e.target.value || undefined, page: 1 })}
              className={dateClasses}
            />
          </div>
        </div>
      </div>
      <div aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <ListSkeleton label="Loading transactions" thumbClassName="hidden" />
        ) : query.isError && !data ? (
          <LoadFailed what="your transactions" onRetry={() => void query.refetch()} />
        ) : data && data.transactions.length === 0 ? (
          filtered ? (
            <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
              <Search className="size-10 text-ink-subtle" aria-hidden />
              <p className="font-semibold text-ink">No transactions match these filters.</p>
              <Button
                variant="secondary"
                onClick={() => setParams({ filter: 'all', from: undefined, to: undefined, page: 1 })}
              >
                Clear filters
              </Button>
            </div>
          ) : (
            <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
              <ReceiptText className="size-10 text-brand-600" aria-hidden />
              <p className="font-semibold text-ink">{NEW_SELLER_TEXT}</p>
              <p className="max-w-sm text-ink-muted text-sm">
                Each sale, fee, refund and payout is listed here, with the order it belongs to.
              </p>
            </div>
          )
        ) : data ? (
          <TransactionRows lines={data.transactions} />
        ) : null}
      </div>
      {data && data.pagination.total > 0 && (
        <Pagination
          page={data.pagination.page}
          totalPages={data.pagination.totalPages}
          total={data.pagination.total}
          limit={TRANSACTIONS_PAGE_SIZE}
          onPage={(page) => setParams({ page })}
        />
      )}
    </section>
  );
}
