import type { OrderDetail } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { FileDown, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { paths } from '@/app/paths';
import { OrderActions } from '@/features/orders/order-actions';
import { formatDate, formatDateTime, timeLeft } from '@/features/orders/order-format';
import { PAYMENT_METHOD_TEXT, variantText } from '@/features/orders/order-labels';
import { StatusBadges } from '@/features/orders/order-list';
import { packingSlipPath } from '@/features/orders/orders-api';
import { orderQueries } from '@/features/orders/orders-queries';
import { type ApiClient, api as appApi, isApiError } from '@/lib/api-client';
import { downloadFile, type FileDownloader } from '@/lib/download-file';
import { formatNaira } from '@/lib/money';
import { apiErrorDetail } from '@/lib/mutation-errors';
import { stateText } from '@/lib/state-name';
import { toast } from '@/lib/toast';
import { useNow } from '@/lib/use-now';
import { Button } from '@/ui/button';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { fixedSlot, MediaImage } from '@/ui/media-image';
import { BackLink, NotFoundCard } from '@/ui/record-page';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <h2 className="font-semibold text-ink">{title}</h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-right text-ink">{children}</dd>
    </div>
  );
}

function Lines({ order }: { order: OrderDetail }) {
  return (
    <Panel title="Items">
      <ul className="divide-y divide-line">
        {order.lines.map((line) => {
          const variant = variantText(line.variant);
          return (
            <li key={line._id} className="flex gap-3 py-3 first:pt-0">
              {line.image ? (
                <MediaImage
                  src={line.image}
                  shownAt={fixedSlot(56)}
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
              <p className="font-semibold tabular-nums">{formatNaira(line.lineTotal)}</p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-2 border-line border-t pt-2 tabular-nums">
        <Row label="Subtotal">{formatNaira(order.subtotal)}</Row>
        <Row label="Delivery">{formatNaira(order.deliveryFee)}</Row>
        {order.discount ? (
          <Row label={`Coupon${order.couponCode ? ` ${order.couponCode}` : ''} (your discount)`}>
            −{formatNaira(order.discount)}
          </Row>
        ) : null}
        <div className="flex justify-between gap-3 py-1 font-semibold text-base">
          <dt>Total</dt>
          <dd>{formatNaira(order.total)}</dd>
        </div>
      </dl>
    </Panel>
  );
}

function Buyer({ order }: { order: OrderDetail }) {
  const { buyer, deliveryAddress: address } = order;
  return (
    <Panel title="Buyer">
      <p className="font-medium text-ink">{buyer.name}</p>
      {buyer.phoneNumber && (
        <a
          href={`tel:${buyer.phoneNumber}`}
          className="mt-1 inline-flex min-h-10 items-center gap-2 text-brand-700 underline"
        >
          <Phone className="size-4" aria-hidden />
          {buyer.phoneNumber}
        </a>
      )}
      {buyer.email && (
        <p>
          <a href={`mailto:${buyer.email}`} className="break-all text-brand-700 underline">
            {buyer.email}
          </a>
        </p>
      )}
      <h3 className="mt-4 font-medium text-ink">
        {order.deliveryMethod === 'pickup' ? 'Store pickup' : 'Deliver to'}
      </h3>
      {order.deliveryMethod === 'pickup' ? (
        <p className="mt-1 text-ink-muted">
          The buyer collects from {order.pickupAddress ?? 'your pickup address'} and shows a 6-digit code.
        </p>
      ) : address ? (
        <address className="mt-1 flex gap-2 text-ink not-italic">
          <MapPin className="mt-0.5 size-4 shrink-0 text-ink-muted" aria-hidden />
          <span>
            {address.fullName}, {address.phoneNumber}
            <br />
            {address.addressLine1}
            {address.addressLine2 ? `, ${address.addressLine2}` : ''}
            <br />
            {address.city}, {stateText(address.state)}
            {address.landmark && (
              <>
                <br />
                Landmark: {address.landmark}
              </>
            )}
          </span>
        </address>
      ) : (
        <p className="mt-1 text-ink-muted">The buyer has not chosen delivery yet.</p>
      )}
    </Panel>
  );
}

function Payment({ order }: { order: OrderDetail }) {
  const now = useNow(30_000);
  const unpaid = order.paymentStatus === 'awaiting_payment';
  const left = unpaid && order.paymentDueAt ? timeLeft(order.paymentDueAt, now) : null;
  return (
    <Panel title="Payment and delivery">
      <dl>
        <Row label="Method">
          {order.paymentMethod ? PAYMENT_METHOD_TEXT[order.paymentMethod] : 'Not chosen yet'}
        </Row>
        <Row label="Status">
          <StatusBadges order={order} />
        </Row>
        {order.paidAt && <Row label="Paid">{formatDateTime(order.paidAt)}</Row>}
        {unpaid && order.paymentDueAt && (
          <Row label="Pay by">
            {formatDateTime(order.paymentDueAt)}
            <span className="block font-medium text-amber-800">{left ?? 'Time is up'}</span>
          </Row>
        )}
        {order.carrier && <Row label="Carrier">{order.carrier}</Row>}
        {order.trackingNumber && (
          <Row label="Tracking">
            {order.trackingUrl ? (
              <a
                href={order.trackingUrl}
                target="_blank"
                rel="noreferrer"
                className="text-brand-700 underline"
              >
                {order.trackingNumber}
              </a>
            ) : (
              order.trackingNumber
            )}
          </Row>
        )}
        {order.labelUrl && (
          <Row label="Label">
            <a href={order.labelUrl} target="_blank" rel="noreferrer" className="text-brand-700 underline">
              Print shipping label
            </a>
          </Row>
        )}
        {order.cancelReason && <Row label="Cancelled because">{order.cancelReason}</Row>}
      </dl>
    </Panel>
  );
}

const ACTOR_TEXT = { seller: 'You', buyer: 'Buyer', system: 'Kasuwa', carrier: 'Carrier' } as const;

/** Oldest first: the order's story reads top to bottom, ending with where it is now. */
function Timeline({ order }: { order: OrderDetail }) {
  const events = [...order.timeline].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <Panel title="Timeline">
      <ol className="relative ml-2 border-line border-l">
        {events.map((event) => (
          <li key={event._id} className="mb-4 ml-4 last:mb-0">
            <span aria-hidden className="absolute -left-1.5 mt-1.5 size-3 rounded-full bg-brand-600" />
            <p className="text-ink">{event.message}</p>
            <p className="text-ink-muted text-xs">
              <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time> ·{' '}
              {ACTOR_TEXT[event.actor]}
            </p>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function PackingSlip({ order, download }: { order: OrderDetail; download: FileDownloader }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(packingSlipPath(order._id), `${order.number}-packing-slip.pdf`);
    } catch (error) {
      toast.error('Could not download the packing slip', apiErrorDetail(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" loading={busy} onClick={() => void run()}>
      <FileDown className="size-4" aria-hidden />
      Download packing slip
    </Button>
  );
}

/** One order (issue 14): its items and totals, buyer, delivery, payment, timeline and next steps. */
export function OrderPage({
  orderId,
  api = appApi,
  download = downloadFile,
  actions,
}: {
  orderId: string;
  api?: ApiClient;
  download?: FileDownloader;
  /** Beside the packing slip: what the screen adds (Message buyer). */
  actions?: ReactNode;
}) {
  const query = useQuery(orderQueries.detail(api, orderId));
  if (query.isPending) return <ListSkeleton label="Loading the order" rows={4} />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    // The server answers 404 (not 403) for another seller's order, and 400 for an id that is no id.
    if (status === 404 || status === 400) {
      return (
        <NotFoundCard
          title="Order not found"
          what="order"
          backTo={paths.dashboard.orders}
          backLabel="Back to Orders"
        />
      );
    }
    return <LoadFailed what="this order" onRetry={() => void query.refetch()} />;
  }
  const order = query.data;
  return (
    <div className="flex flex-col gap-4">
      <BackLink to={paths.dashboard.orders}>Orders</BackLink>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="font-semibold text-ink text-xl">{order.number}</h2>
          <p className="text-ink-muted text-sm">
            Placed {formatDate(order.createdAt)}
            {order.source === 'auction' ? ' · Auction win' : ' · Buy now'}
            {order.show ? ` · ${order.show.title}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PackingSlip order={order} download={download} />
          {actions}
        </div>
      </div>
      <OrderActions api={api} order={order} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-4">
          <Lines order={order} />
          <Timeline order={order} />
        </div>
        <div className="flex flex-col gap-4">
          <Payment order={order} />
          <Buyer order={order} />
        </div>
      </div>
    </div>
  );
}
