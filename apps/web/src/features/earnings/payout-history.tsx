import type { Payout } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { memo, useState } from 'react';
import { PAYOUTS_PAGE_SIZE } from '@/features/earnings/earnings-api';
import {
  badgeClasses,
  formatDate,
  formatDateTime,
  PAYOUT_STATUS_TEXT,
  payoutBadgeClasses,
} from '@/features/earnings/earnings-labels';
import { earningsQueries } from '@/features/earnings/earnings-queries';
import type { ApiClient } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { useMediaQuery, WIDE_LIST_QUERY } from '@/lib/use-media-query';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { Pagination } from '@/ui/pagination';

function StatusBadge({ payout }: { payout: Payout }) {
  return (
    <span className="flex flex-wrap gap-1">
      <span className={payoutBadgeClasses[payout.status]}>{PAYOUT_STATUS_TEXT[payout.status]}</span>
      {payout.automatic && <span className={badgeClasses.muted}>Automatic</span>}
    </span>
  );
}

function Failure({ payout }: { payout: Payout }) {
  if (!payout.failureReason) return null;
  return (
    <p className="text-danger-700 text-xs">
      {payout.failureReason} The money went back to your available balance.
    </p>
  );
}

const when = (payout: Payout) =>
  payout.paidAt ? `Paid ${formatDateTime(payout.paidAt)}` : `Requested ${formatDateTime(payout.createdAt)}`;

const CardRow = memo(function CardRow({ payout }: { payout: Payout }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink tabular-nums">{formatNaira(payout.amount)}</p>
          <p className="text-ink-muted text-sm">
            {payout.bankName} ••••{payout.accountNumberLast4}
          </p>
        </div>
        <StatusBadge payout={payout} />
      </div>
      <p className="text-ink-muted text-xs">
        {payout.paidAt ? `Paid ${formatDate(payout.paidAt)}` : `Requested ${formatDate(payout.createdAt)}`} ·{' '}
        {payout.reference}
      </p>
      <Failure payout={payout} />
    </li>
  );
});

const TableRow = memo(function TableRow({ payout }: { payout: Payout }) {
  return (
    <tr className="border-line border-b align-top last:border-0">
      <td className="whitespace-nowrap px-4 py-3 text-ink-muted">{when(payout)}</td>
      <th scope="row" className="whitespace-nowrap px-4 py-3 text-left font-semibold text-ink tabular-nums">
        {formatNaira(payout.amount)}
      </th>
      <td className="px-4 py-3">
        <p className="text-ink">
          {payout.bankName} ••••{payout.accountNumberLast4}
        </p>
        <p className="text-ink-muted text-xs">{payout.accountName}</p>
      </td>
      <td className="px-4 py-3 text-ink-muted text-xs">{payout.reference}</td>
      <td className="px-4 py-3">
        <div className="flex flex-col gap-1">
          <StatusBadge payout={payout} />
          <Failure payout={payout} />
        </div>
      </td>
    </tr>
  );
});

/** Every payout with its status and, for a failed or reversed one, why. */
export function PayoutHistory({ api }: { api: ApiClient }) {
  const [page, setPage] = useState(1);
  const query = useQuery(earningsQueries.payouts(api, page));
  const wide = useMediaQuery(WIDE_LIST_QUERY);
  const data = query.data;
  return (
    <section aria-labelledby="payout-history-title" className="rounded-card bg-surface shadow-card">
      <h2
        id="payout-history-title"
        className="border-line border-b p-4 font-semibold text-ink text-lg sm:px-5"
      >
        Payout history
      </h2>
      <div aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <ListSkeleton label="Loading payouts" rows={3} thumbClassName="hidden" />
        ) : query.isError && !data ? (
          <LoadFailed what="your payouts" onRetry={() => void query.refetch()} />
        ) : data && data.payouts.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <Send className="size-8 text-ink-subtle" aria-hidden />
            <p className="font-semibold text-ink">No payouts yet.</p>
            <p className="max-w-sm text-ink-muted text-sm">
              Payouts you request, or that your schedule sends, show here.
            </p>
          </div>
        ) : data && !wide ? (
          <ul className="divide-y divide-line">
            {data.payouts.map((payout) => (
              <CardRow key={payout._id} payout={payout} />
            ))}
          </ul>
        ) : data ? (
          <table className="w-full text-left text-sm">
            <thead className="text-ink-muted">
              <tr className="border-line border-b">
                <th scope="col" className="px-4 py-3 font-medium">
                  Date
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  To
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Reference
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {data.payouts.map((payout) => (
                <TableRow key={payout._id} payout={payout} />
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
      {data && data.pagination.total > PAYOUTS_PAGE_SIZE && (
        <Pagination
          page={data.pagination.page}
          totalPages={data.pagination.totalPages}
          total={data.pagination.total}
          limit={PAYOUTS_PAGE_SIZE}
          onPage={setPage}
        />
      )}
    </section>
  );
}
