import { PRODUCT_NAME } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { checkoutQueries } from '@/features/checkout/checkout-api';
import { StatusBadge } from '@/features/checkout/order-status';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { buttonClasses } from '@/ui/button';
import { fixedSlot, MediaImage } from '@/ui/media-image';
import { Spinner } from '@/ui/spinner';

export interface BuyerOrdersPageProps {
  api: ApiClient;
  onSessionExpired: () => void;
}

const day = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The buyer's orders (`/my-orders`), newest first, each with what is happening to it. */
export function BuyerOrdersPage({ api, onSessionExpired }: BuyerOrdersPageProps) {
  const query = useQuery(checkoutQueries.orders(api));
  useEffect(() => {
    document.title = `My orders · ${PRODUCT_NAME}`;
  }, []);
  useEffect(() => {
    if (isApiError(query.error) && query.error.status === 401) onSessionExpired();
  }, [query.error, onSessionExpired]);
  const orders = query.data?.orders;

  return (
    <div className="min-h-dvh bg-canvas">
      <header className="sticky top-0 z-10 border-line border-b bg-surface">
        <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-3">
          <h1 className="flex-1 font-semibold text-ink text-lg">My orders</h1>
          <Link to={paths.myUpdates} className="font-medium text-brand-700 text-sm">
            My updates
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-4">
        {query.isPending ? (
          <div className="flex justify-center py-12 text-brand-600">
            <Spinner size="lg" label="Loading your orders" />
          </div>
        ) : !orders ? (
          <div className="flex flex-col items-center gap-3 py-12 text-center">
            <p className="text-ink-muted">Your orders could not be loaded. Check your connection.</p>
            <button type="button" className={buttonClasses()} onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : orders.length === 0 ? (
          <p className="py-12 text-center text-ink-muted">
            No orders yet. Tap Buy now in a live show or a blip, or win an auction.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {orders.map((order) => {
              const first = order.lines[0];
              const more = order.lines.length - 1;
              return (
                <li key={order._id}>
                  <Link
                    to={paths.myOrder(order._id)}
                    className="flex items-center gap-3 rounded-card bg-surface p-3 shadow-card"
                  >
                    {first?.image ? (
                      <MediaImage
                        src={first.image}
                        shownAt={fixedSlot(56)}
                        className="size-14 shrink-0 rounded-control object-cover"
                      />
                    ) : (
                      <div className="size-14 shrink-0 rounded-control bg-canvas" aria-hidden />
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium text-ink">
                        {first?.name ?? order.number}
                        {more > 0 && ` + ${more} more`}
                      </p>
                      <p className="text-ink-muted text-xs">
                        {order.number} · {order.seller.storeName} · {day.format(new Date(order.createdAt))}
                      </p>
                      <p className="font-semibold text-ink text-sm tabular-nums">
                        {formatNaira(order.total)}
                      </p>
                    </div>
                    <StatusBadge order={order} />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </main>
    </div>
  );
}
