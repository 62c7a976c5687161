import type { ReturnStatus, ReturnSummary } from '@kasuwa/contracts';
import { memo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Deadline, formatDate } from '@/features/returns/return-deadline';
import { RETURN_REASON_TEXT, RETURN_STATUS_TEXT, returnBadgeClasses } from '@/features/returns/return-labels';
import { itemsSummary } from '@/lib/items-summary';
import { formatNaira } from '@/lib/money';
import { useMediaQuery, WIDE_LIST_QUERY } from '@/lib/use-media-query';
import { useNow } from '@/lib/use-now';
import { fixedSlot, MediaImage } from '@/ui/media-image';

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <span className={returnBadgeClasses[status]}>{RETURN_STATUS_TEXT[status]}</span>;
}

function Thumb({ src, count }: { src: string | null; count: number }) {
  return (
    <span className="relative size-12 shrink-0 self-start">
      {src ? (
        <MediaImage
          src={src}
          shownAt={fixedSlot(48)}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="size-12 rounded-control bg-canvas object-cover"
        />
      ) : (
        <span className="block size-12 rounded-control bg-line" />
      )}
      {count > 1 && (
        <span className="absolute -right-1.5 -bottom-1.5 rounded-full bg-ink px-1.5 font-semibold text-[0.6875rem] text-white tabular-nums ring-2 ring-surface">
          ×{count}
        </span>
      )}
    </span>
  );
}

function itemsText(ret: ReturnSummary): string {
  return itemsSummary(ret.firstItem.name, ret.itemCount);
}

/** What the return is worth, and what was refunded when that was less (a partial refund). */
function Amount({ ret }: { ret: ReturnSummary }) {
  return (
    <span className="flex flex-col items-end">
      <span className="font-semibold tabular-nums">{formatNaira(ret.amount)}</span>
      {ret.refunded > 0 && ret.refunded < ret.amount && (
        <span className="text-ink-muted text-xs tabular-nums">{formatNaira(ret.refunded)} refunded</span>
      )}
    </span>
  );
}

interface RowProps {
  ret: ReturnSummary;
  now: number;
}

const TableRow = memo(function TableRow({ ret, now }: RowProps) {
  return (
    <tr className="border-line border-b align-top last:border-0">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <Link
          to={paths.dashboard.return(ret._id)}
          className="whitespace-nowrap font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {ret.number}
        </Link>
        <p className="text-ink-muted text-xs">{formatDate(ret.createdAt)}</p>
      </th>
      <td className="px-4 py-3">
        <p className="font-medium text-ink">{ret.buyer.name}</p>
        <p className="whitespace-nowrap text-ink-muted text-xs">Order {ret.order.number}</p>
      </td>
      <td className="min-w-56 px-4 py-3">
        <div className="flex items-center gap-3">
          <Thumb src={ret.firstItem.image} count={ret.itemCount} />
          <div className="min-w-0">
            <p className="line-clamp-2 text-ink">{itemsText(ret)}</p>
            <p className="text-ink-muted text-xs">{RETURN_REASON_TEXT[ret.reason]}</p>
          </div>
        </div>
      </td>
      <td className="w-64 px-4 py-3">
        <div className="flex flex-col gap-1.5">
          <span>
            <ReturnStatusBadge status={ret.status} />
          </span>
          {ret.deadline && <Deadline deadline={ret.deadline} now={now} compact />}
        </div>
      </td>
      <td className="px-4 py-3 text-right">
        <Amount ret={ret} />
      </td>
    </tr>
  );
});

const CardRow = memo(function CardRow({ ret, now }: RowProps) {
  return (
    <li className="relative flex gap-3 p-4">
      <Thumb src={ret.firstItem.image} count={ret.itemCount} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-baseline justify-between gap-2">
          {/* The whole card is the link's target on a phone: the ::after covers it. */}
          <Link
            to={paths.dashboard.return(ret._id)}
            className="font-semibold text-brand-700 underline-offset-2 after:absolute after:inset-0 hover:underline"
          >
            {ret.number}
          </Link>
          <Amount ret={ret} />
        </div>
        <p className="truncate text-ink text-sm">{itemsText(ret)}</p>
        <p className="text-ink-muted text-xs">
          {ret.buyer.name} · Order {ret.order.number} · {RETURN_REASON_TEXT[ret.reason]}
        </p>
        <span>
          <ReturnStatusBadge status={ret.status} />
        </span>
        {ret.deadline && <Deadline deadline={ret.deadline} now={now} compact />}
      </div>
    </li>
  );
});

/** Returns as a table from 768 px and cards below (only one is rendered). */
export function ReturnRows({ returns }: { returns: ReturnSummary[] }) {
  const wide = useMediaQuery(WIDE_LIST_QUERY);
  const now = useNow(60_000);
  if (!wide) {
    return (
      <ul className="divide-y divide-line">
        {returns.map((ret) => (
          <CardRow key={ret._id} ret={ret} now={now} />
        ))}
      </ul>
    );
  }
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-ink-muted">
        <tr className="border-line border-b">
          <th scope="col" className="px-4 py-3 font-medium">
            Return
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Buyer
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Items
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Status
          </th>
          <th scope="col" className="px-4 py-3 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {returns.map((ret) => (
          <TableRow key={ret._id} ret={ret} now={now} />
        ))}
      </tbody>
    </table>
  );
}
