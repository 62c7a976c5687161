import { type BuyerOrder, PRODUCT_NAME, variantLabel } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, MessageCircle, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { checkoutKeys, fetchBuyerOrder, verifyPayment } from '@/features/checkout/checkout-api';
import { canCheckOut } from '@/features/checkout/checkout-page';
import { StatusBadge, StatusSteps } from '@/features/checkout/order-status';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { stateText } from '@/lib/state-name';
import { buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';

export interface BuyerOrderPageProps {
  api: ApiClient;
  orderId: string;
  /** The payment provider's reference when it sent the buyer back here: verified first. */
  reference: string | null;
  onSessionExpired: () => void;
  /**
   * What the route puts under the order's progress about returning it (features/returns'
   * "Return an item"); the checkout feature does not know returns.
   */
  returnsSlot?: (order: BuyerOrder) => ReactNode;
}

const dateTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});
const when = (iso: string) => dateTime.format(new Date(iso));

function Card({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="rounded-card bg-surface p-4 shadow-card">
      {title && <h2 className="mb-2 font-semibold text-ink">{title}</h2>}
      {children}
    </section>
  );
}

const ORDER_REFRESH_MS = 30_000;
const isSettled = (order: BuyerOrder | undefined) =>
  order !== undefined && ['delivered', 'picked_up', 'cancelled'].includes(order.fulfilmentStatus);

/**
 * A buyer's order (`/my-orders/{id}`): the confirmation after payment (the provider returns the
 * buyer here with `?reference=`, which is verified before anything is shown), then the order's
 * progress, the pickup code, tracking, lines, totals and timeline.
 */
export function BuyerOrderPage({
  api,
  orderId,
  reference,
  onSessionExpired,
  returnsSlot,
}: BuyerOrderPageProps) {
  const verified = useRef(false);
  const query = useQuery({
    queryKey: checkoutKeys.order(orderId),
    // The payment is verified once, on arrival; the page's later refreshes only read the order.
    queryFn: ({ signal }) => {
      if (!reference || verified.current) return fetchBuyerOrder(api, orderId, signal);
      verified.current = true;
      return verifyPayment(api, orderId, reference);
    },
    // The seller moves the order on (shipped, in transit, ready for pickup) while the buyer keeps the
    // page open: ask again every half minute until it has arrived or was cancelled. The browser's
    // hidden tabs do not poll (TanStack's default), which spares a phone's data.
    refetchInterval: (q) => (isSettled(q.state.data?.order) ? false : ORDER_REFRESH_MS),
  });
  useEffect(() => {
    if (isApiError(query.error) && query.error.status === 401) onSessionExpired();
  }, [query.error, onSessionExpired]);
  const order = query.data?.order;
  useEffect(() => {
    document.title = `${order ? `Order ${order.number}` : 'Your order'} · ${PRODUCT_NAME}`;
  }, [order]);

  if (query.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center text-brand-600">
        <Spinner size="lg" label={reference ? 'Checking your payment' : 'Loading your order'} />
      </div>
    );
  }
  if (!order) {
    const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
        <h1 className="font-semibold text-ink text-xl">
          {notFound ? 'Order not found' : 'Your order could not be loaded'}
        </h1>
        <p className="text-ink-muted">
          {notFound ? 'Check the link, or see all your orders.' : 'Check your connection, then try again.'}
        </p>
        {!notFound && (
          <button type="button" className={buttonClasses()} onClick={() => void query.refetch()}>
            Try again
          </button>
        )}
        <Link to={paths.myOrders} className={buttonClasses({ variant: 'secondary' })}>
          My orders
        </Link>
      </main>
    );
  }
  return (
    <OrderView
      order={order}
      returnedFromPayment={reference !== null}
      returns={returnsSlot?.(order) ?? null}
    />
  );
}

function Confirmation({ order, returnedFromPayment }: { order: BuyerOrder; returnedFromPayment: boolean }) {
  const paid = order.paymentStatus === 'paid';
  if (returnedFromPayment && order.paymentStatus === 'awaiting_payment') {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-2 rounded-card bg-danger-50 p-4 text-center"
      >
        <XCircle className="size-10 text-danger-600" aria-hidden />
        <p className="font-semibold text-ink text-lg">Payment not completed</p>
        <p className="text-ink-muted text-sm">
          Nothing was charged for order {order.number}. You can try again.
        </p>
        {canCheckOut(order) && (
          <Link
            to={paths.checkoutOrder(order._id)}
            className={buttonClasses({ size: 'lg', fullWidth: true })}
          >
            Try again
          </Link>
        )}
      </div>
    );
  }
  if (
    (returnedFromPayment && paid) ||
    (order.paymentStatus === 'pay_on_delivery_pending' && order.fulfilmentStatus === 'unfulfilled')
  ) {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-2 rounded-card bg-emerald-50 p-4 text-center"
      >
        <CheckCircle2 className="size-10 text-emerald-600" aria-hidden />
        <p className="font-semibold text-ink text-lg">
          {paid ? `Thank you! Order ${order.number} is paid` : `Thank you! Order ${order.number} is placed`}
        </p>
        <p className="text-ink-muted text-sm">
          {paid
            ? `${order.seller.storeName} has been told and will get it ready.`
            : `You pay ${formatNaira(order.total)} when it reaches you.`}
        </p>
      </div>
    );
  }
  return null;
}

function OrderView({
  order,
  returnedFromPayment,
  returns,
}: {
  order: BuyerOrder;
  returnedFromPayment: boolean;
  returns: ReactNode;
}) {
  const pickup = order.deliveryMethod === 'pickup';
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-line border-b bg-surface px-4 py-3">
        <h1 className="min-w-0 flex-1 truncate font-semibold text-ink text-lg">Order {order.number}</h1>
        <StatusBadge order={order} />
        <Link
          to={paths.myMessagesWith({ orderId: order._id })}
          aria-label="Message seller"
          className="flex shrink-0 items-center gap-1 rounded-control px-2 py-2 font-medium text-brand-700 text-sm hover:bg-canvas"
        >
          <MessageCircle className="size-4" aria-hidden />
          <span className="hidden sm:inline">Message seller</span>
        </Link>
      </header>
      <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-4 pb-28">
        <Confirmation order={order} returnedFromPayment={returnedFromPayment} />
        {order.needsCheckout && order.fulfilmentStatus !== 'cancelled' && (
          <Card>
            <p className="font-semibold text-ink">Choose delivery and pay to get your order</p>
            {order.paymentDueAt && (
              <p className="text-ink-muted text-sm">
                Pay by {when(order.paymentDueAt)}, or the order is cancelled.
              </p>
            )}
            <Link
              to={paths.checkoutOrder(order._id)}
              className={`${buttonClasses({ size: 'lg', fullWidth: true })} mt-3`}
            >
              Pay now
            </Link>
          </Card>
        )}
        {order.fulfilmentStatus !== 'cancelled' && !order.needsCheckout && (
          <Card>
            <StatusSteps order={order} />
          </Card>
        )}
        {returns}
        {pickup &&
          order.pickupCode &&
          order.fulfilmentStatus !== 'picked_up' &&
          order.fulfilmentStatus !== 'cancelled' && (
            <Card title="Pickup code">
              <p className="text-center font-bold font-mono text-4xl text-ink tracking-[0.3em]">
                {order.pickupCode}
              </p>
              <p className="mt-2 text-center text-ink-muted text-sm">Show this code at pickup.</p>
              {order.pickupAddress && (
                <p className="mt-2 text-center text-ink text-sm">{order.pickupAddress}</p>
              )}
            </Card>
          )}
        {order.carrier && (
          <Card title="Tracking">
            <p className="text-ink">{order.carrier}</p>
            {order.trackingNumber &&
              (order.trackingUrl ? (
                <a
                  href={order.trackingUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium text-brand-700 underline"
                >
                  {order.trackingNumber}
                </a>
              ) : (
                <p className="font-mono text-ink">{order.trackingNumber}</p>
              ))}
          </Card>
        )}
        {order.deliveryAddress && (
          <Card title="Delivery address">
            <p className="text-ink text-sm">
              {order.deliveryAddress.fullName} · {order.deliveryAddress.phoneNumber}
              <br />
              {order.deliveryAddress.addressLine1}
              {order.deliveryAddress.addressLine2 && `, ${order.deliveryAddress.addressLine2}`}
              <br />
              {order.deliveryAddress.city}, {stateText(order.deliveryAddress.state)}
              {order.deliveryAddress.landmark && ` · near ${order.deliveryAddress.landmark}`}
            </p>
          </Card>
        )}
        <Card title={`From ${order.seller.storeName}`}>
          <ul className="flex flex-col gap-2">
            {order.lines.map((line) => (
              <li key={line._id} className="flex justify-between gap-3 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-ink">{line.name}</span>
                  {line.variant.length > 0 && (
                    <span className="block text-ink-muted">{variantLabel(line.variant)}</span>
                  )}
                  <span className="block text-ink-muted tabular-nums">
                    {line.quantity} × {formatNaira(line.unitPrice)}
                  </span>
                </span>
                <span className="font-semibold tabular-nums">{formatNaira(line.lineTotal)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1 border-line border-t pt-3 text-sm tabular-nums">
            <dt className="text-ink-muted">Subtotal</dt>
            <dd>{formatNaira(order.subtotal)}</dd>
            <dt className="text-ink-muted">Delivery</dt>
            <dd>{formatNaira(order.deliveryFee)}</dd>
            {order.discount ? (
              <>
                <dt className="text-brand-700">Coupon{order.couponCode ? ` ${order.couponCode}` : ''}</dt>
                <dd className="text-brand-700">−{formatNaira(order.discount)}</dd>
              </>
            ) : null}
            <dt className="font-semibold text-ink">Total</dt>
            <dd className="font-semibold text-ink">{formatNaira(order.total)}</dd>
          </dl>
        </Card>
        {order.timeline.length > 0 && (
          <Card title="Timeline">
            <ol className="flex flex-col gap-2">
              {order.timeline.map((event) => (
                <li key={event._id} className="text-sm">
                  <span className="block text-ink">{event.message}</span>
                  <time dateTime={event.createdAt} className="text-ink-muted text-xs">
                    {when(event.createdAt)}
                  </time>
                </li>
              ))}
            </ol>
          </Card>
        )}
        <Link to={paths.myOrders} className={buttonClasses({ variant: 'secondary' })}>
          All my orders
        </Link>
      </main>
    </div>
  );
}
