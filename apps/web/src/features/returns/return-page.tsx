import type { ReturnDetail } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { ReturnActions } from '@/features/returns/return-actions';
import { Deadline, formatDate } from '@/features/returns/return-deadline';
import { RETURN_METHOD_TEXT, RETURN_REASON_TEXT, variantText } from '@/features/returns/return-labels';
import { ReturnStatusBadge } from '@/features/returns/return-list';
import { PhotoGallery } from '@/features/returns/return-photos';
import { ReplyBox, ReturnThread } from '@/features/returns/return-thread';
import { useSellerReturnMessage } from '@/features/returns/returns-mutations';
import { returnQueries } from '@/features/returns/returns-queries';
import { type ApiClient, api as appApi, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { useNow } from '@/lib/use-now';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { fixedSlot, MediaImage } from '@/ui/media-image';
import { BackLink, NotFoundCard } from '@/ui/record-page';

export function Panel({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="font-semibold text-ink">{title}</h2>
        {aside}
      </div>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="min-w-0 text-right text-ink">{children}</dd>
    </div>
  );
}

/** The items coming back, with what they cost the buyer. */
export function ReturnLines({ ret }: { ret: Pick<ReturnDetail, 'lines' | 'amount' | 'refunded'> }) {
  return (
    <Panel title="Items returned">
      <ul className="divide-y divide-line">
        {ret.lines.map((line) => {
          const variant = variantText(line.variant);
          return (
            <li key={line.orderLineId} className="flex gap-3 py-3 first:pt-0">
              {line.image ? (
                <MediaImage
                  src={line.image}
                  shownAt={fixedSlot(56)}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  className="size-14 shrink-0 rounded-control bg-canvas object-cover"
                />
              ) : (
                <span className="size-14 shrink-0 rounded-control bg-line" />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{line.name}</p>
                {variant && <p className="text-ink-muted text-xs">{variant}</p>}
                <p className="text-ink-muted text-xs tabular-nums">
                  {line.quantity} × {formatNaira(line.unitPrice)}
                </p>
              </div>
              <p className="font-semibold tabular-nums">{formatNaira(line.quantity * line.unitPrice)}</p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-2 border-line border-t pt-2 tabular-nums">
        <div className="flex justify-between gap-3 py-1 font-semibold text-base">
          <dt>Return value</dt>
          <dd>{formatNaira(ret.amount)}</dd>
        </div>
        {ret.refunded > 0 && (
          <Row label={ret.refunded < ret.amount ? 'Refunded (partial)' : 'Refunded'}>
            {formatNaira(ret.refunded)}
          </Row>
        )}
      </dl>
    </Panel>
  );
}

/** How the item comes back: method, courier, tracking and label, once approved. */
export function ShippingBack({
  ret,
}: {
  ret: Pick<ReturnDetail, 'method' | 'carrier' | 'trackingNumber' | 'labelUrl' | 'rejectionReason'>;
}) {
  if (!ret.method && !ret.rejectionReason) return null;
  return (
    <Panel title={ret.rejectionReason ? 'Decision' : 'Sending it back'}>
      <dl>
        {ret.rejectionReason && <Row label="Rejected because">{ret.rejectionReason}</Row>}
        {ret.method && <Row label="Method">{RETURN_METHOD_TEXT[ret.method]}</Row>}
        {ret.carrier && <Row label="Carrier">{ret.carrier}</Row>}
        {ret.trackingNumber && (
          <Row label="Tracking">
            <span className="font-mono">{ret.trackingNumber}</span>
          </Row>
        )}
        {ret.labelUrl && (
          <Row label="Label">
            <a
              href={ret.labelUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-brand-700 underline"
            >
              Open return label
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
          </Row>
        )}
      </dl>
    </Panel>
  );
}

function Conversation({ api, ret }: { api: ApiClient; ret: ReturnDetail }) {
  const message = useSellerReturnMessage(api, ret._id);
  const open = !['refunded', 'rejected', 'closed'].includes(ret.status);
  return (
    <Panel title="Timeline and messages">
      <ReturnThread events={ret.timeline} viewer="seller" names={{ seller: 'You', buyer: ret.buyer.name }} />
      {open && (
        <div className="mt-4 border-line border-t pt-4">
          <ReplyBox
            label={`Message ${ret.buyer.name}`}
            placeholder="Write to the buyer"
            pending={message.isPending}
            send={(body) => message.mutateAsync(body)}
          />
        </div>
      )}
    </Panel>
  );
}

/** One return (issue 15): status and deadline, the request, the items, the thread and the next steps. */
export function ReturnPage({ returnId, api = appApi }: { returnId: string; api?: ApiClient }) {
  const query = useQuery(returnQueries.detail(api, returnId));
  const now = useNow(60_000);
  if (query.isPending) return <ListSkeleton label="Loading the return" rows={4} />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    // The server answers 404 (not 403) for another seller's return, and 400 for an id that is no id.
    if (status === 404 || status === 400)
      return (
        <NotFoundCard
          title="Return not found"
          what="return"
          backTo={paths.dashboard.returns}
          backLabel="Back to Returns"
        />
      );
    return <LoadFailed what="this return" onRetry={() => void query.refetch()} />;
  }
  const ret = query.data;
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={paths.dashboard.returns}>Returns</BackLink>
      <section
        aria-label="Return status"
        className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="flex flex-wrap items-center gap-2 font-semibold text-ink text-xl">
              {ret.number}
              <ReturnStatusBadge status={ret.status} />
            </h2>
            <p className="text-ink-muted text-sm">
              {ret.buyer.name} · Opened {formatDate(ret.createdAt)} · Order{' '}
              <Link
                to={paths.dashboard.order(ret.order._id)}
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                {ret.order.number}
              </Link>
            </p>
          </div>
          <p className="font-semibold text-ink text-lg tabular-nums">{formatNaira(ret.amount)}</p>
        </div>
        {ret.deadline && <Deadline deadline={ret.deadline} now={now} />}
        <ReturnActions api={api} ret={ret} />
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-4">
          <Panel title="The buyer’s request">
            <p className="font-medium text-ink">{RETURN_REASON_TEXT[ret.reason]}</p>
            {ret.note ? (
              <blockquote className="mt-2 whitespace-pre-line break-words border-line border-l-2 pl-3 text-ink">
                {ret.note}
              </blockquote>
            ) : (
              <p className="mt-1 text-ink-muted">No note.</p>
            )}
            {ret.photos.length > 0 && (
              <div className="mt-3">
                <PhotoGallery photos={ret.photos} label="The buyer’s photos" />
              </div>
            )}
          </Panel>
          <Conversation api={api} ret={ret} />
        </div>
        <div className="flex flex-col gap-4">
          <ReturnLines ret={ret} />
          <ShippingBack ret={ret} />
        </div>
      </div>
    </div>
  );
}
