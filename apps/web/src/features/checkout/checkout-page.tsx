import {
  type BuyerOrder,
  type CheckoutResponse,
  type DeliveryOptionsResponse,
  PRODUCT_NAME,
  variantLabel,
} from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { checkoutQueries, payOrder, placeOrder } from '@/features/checkout/checkout-api';
import { type CheckoutChoice, CheckoutForm, type SummaryLine } from '@/features/checkout/checkout-form';
import { type CheckoutItem, priceItem, readCheckoutItem } from '@/features/checkout/checkout-item';
import { type AppliedCoupon, CouponField } from '@/features/checkout/coupon-field';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';

/**
 * Checkout, outside the dashboard: Buy now (`/checkout/buy`, the item in the search params) and an
 * auction win's delivery and payment (`/checkout/{orderId}`). Online payment leaves for the
 * provider's page, which returns the buyer to /my-orders/{id}?reference=…; pay on delivery goes
 * there at once.
 */

export interface CheckoutPageProps {
  api: ApiClient;
  /** The buyer's log-in was refused: forget it (the page asks them to log in again). */
  onSessionExpired: () => void;
  /** Leaves for the payment page; the browser's navigation unless a test watches it. */
  goTo?: (url: string) => void;
}

const leave = (url: string) => window.location.assign(url);

function Shell({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="sticky top-0 z-10 border-line border-b bg-surface">
        <h1 className="mx-auto max-w-xl px-4 py-3 font-semibold text-ink text-lg">{title}</h1>
      </header>
      <main className="mx-auto max-w-xl px-4 py-4">{children}</main>
    </div>
  );
}

function Problem({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <h2 className="font-semibold text-ink text-xl">{title}</h2>
      <p className="max-w-sm text-ink-muted">{body}</p>
      {action}
    </div>
  );
}

const loading = (
  <div className="flex justify-center py-12 text-brand-600">
    <Spinner size="lg" label="Loading checkout" />
  </div>
);

/** After the order is placed: the payment page, or the order's own page for pay on delivery. */
function useFinish(goTo: (url: string) => void) {
  const navigate = useNavigate();
  return (answer: CheckoutResponse) => {
    if (answer.payment) goTo(answer.payment.authorizationUrl);
    else void navigate(paths.myOrder(answer.order._id));
  };
}

/**
 * One idempotency key per checkout attempt: a retry after a dropped connection sends the same key,
 * so an order the server did create is answered again rather than made twice. A refusal (4xx)
 * means no order was made, so the next attempt gets a new key.
 */
function useAttemptKey() {
  const key = useRef<string>(crypto.randomUUID());
  return {
    current: () => key.current,
    refused: () => {
      key.current = crypto.randomUUID();
    },
  };
}

function sessionCheck(error: unknown, onSessionExpired: () => void): never {
  if (isApiError(error) && error.status === 401) onSessionExpired();
  throw error;
}

export function BuyNowCheckoutPage({
  api,
  search,
  onSessionExpired,
  goTo = leave,
}: CheckoutPageProps & { search: URLSearchParams }) {
  const item = readCheckoutItem(search);
  if (!item) {
    return (
      <Shell title="Checkout">
        <Problem
          title="Nothing to check out"
          body="This checkout link is incomplete. Go back to the show and tap Buy now again."
        />
      </Shell>
    );
  }
  return <BuyNow api={api} item={item} onSessionExpired={onSessionExpired} goTo={goTo} />;
}

function BuyNow({ api, item, onSessionExpired, goTo = leave }: CheckoutPageProps & { item: CheckoutItem }) {
  const product = useQuery(checkoutQueries.product(api, item.productId));
  const options = useQuery(checkoutQueries.options(api, item.sellerId));
  const finish = useFinish(goTo);
  const attempt = useAttemptKey();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);

  if (product.isPending || options.isPending) return <Shell title="Checkout">{loading}</Shell>;
  if (!product.data || !options.data) {
    return (
      <Shell title="Checkout">
        <Problem
          title="Checkout could not be loaded"
          body="Check your connection, then try again."
          action={
            <button
              type="button"
              className={buttonClasses()}
              onClick={() => void Promise.all([product.refetch(), options.refetch()])}
            >
              Try again
            </button>
          }
        />
      </Shell>
    );
  }
  const { variant, combination } = priceItem(product.data, item);
  if (!combination || combination.stock <= 0 || !product.data.buyNow) {
    return (
      <Shell title="Checkout">
        <Problem
          title="Sold out"
          body={`${product.data.name}${variant.length ? ` (${variantLabel(variant)})` : ''} is no longer available.`}
        />
      </Shell>
    );
  }
  const line: SummaryLine = {
    key: 'item',
    name: product.data.name,
    image: combination.image ?? product.data.image,
    variantText: variantLabel(variant),
    unitPrice: combination.price,
    quantity: item.quantity,
  };

  const submit = async ({ delivery, paymentMethod }: CheckoutChoice) => {
    try {
      const answer = await placeOrder(api, {
        idempotencyKey: attempt.current(),
        productId: item.productId,
        variant,
        quantity: item.quantity,
        ...(item.streamId ? { streamId: item.streamId } : {}),
        ...(item.blipId ? { blipId: item.blipId } : {}),
        delivery,
        paymentMethod,
        ...(coupon ? { couponCode: coupon.code } : {}),
      });
      finish(answer);
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500) attempt.refused();
      sessionCheck(error, onSessionExpired);
    }
  };

  return (
    <Shell title="Checkout">
      <CheckoutForm
        lines={[line]}
        options={options.data}
        storeName={storeNameOf(options.data)}
        submit={submit}
        discount={coupon ? { code: coupon.code, amount: coupon.discount } : null}
        couponSlot={
          <CouponField
            api={api}
            item={{ productId: item.productId, variant, quantity: item.quantity }}
            applied={coupon}
            onApplied={setCoupon}
          />
        }
      />
    </Shell>
  );
}

const storeNameOf = (options: DeliveryOptionsResponse, order?: BuyerOrder) =>
  order?.seller.storeName ?? options.storeName ?? '';

/** Whether the buyer still has something to do here: choose delivery, or pay online. */
export const canCheckOut = (order: BuyerOrder) =>
  order.fulfilmentStatus !== 'cancelled' &&
  (order.needsCheckout || order.paymentStatus === 'awaiting_payment');

export function OrderCheckoutPage({
  api,
  orderId,
  onSessionExpired,
  goTo = leave,
}: CheckoutPageProps & { orderId: string }) {
  const order = useQuery(checkoutQueries.order(api, orderId));
  const sellerId = order.data?.order.seller._id ?? '';
  const options = useQuery({ ...checkoutQueries.options(api, sellerId), enabled: sellerId !== '' });
  const finish = useFinish(goTo);
  useEffect(() => {
    if (isApiError(order.error) && order.error.status === 401) onSessionExpired();
  }, [order.error, onSessionExpired]);

  if (order.isPending || (order.data && options.isPending))
    return <Shell title="Pay for your order">{loading}</Shell>;
  if (!order.data) {
    const notFound = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);
    return (
      <Shell title="Pay for your order">
        <Problem
          title={notFound ? 'Order not found' : 'This order could not be loaded'}
          body={notFound ? 'Check the link you were sent.' : 'Check your connection, then try again.'}
        />
      </Shell>
    );
  }
  const current = order.data.order;
  if (!canCheckOut(current)) {
    return (
      <Shell title={`Order ${current.number}`}>
        <Problem
          title="Nothing to pay"
          body={
            current.fulfilmentStatus === 'cancelled'
              ? 'This order was cancelled.'
              : 'This order is already paid for.'
          }
          action={
            <Link to={paths.myOrder(current._id)} className={buttonClasses()}>
              See the order
            </Link>
          }
        />
      </Shell>
    );
  }
  if (!options.data) {
    return (
      <Shell title="Pay for your order">
        <Problem title="Checkout could not be loaded" body="Check your connection, then try again." />
      </Shell>
    );
  }
  const lines: SummaryLine[] = current.lines.map((l) => ({
    key: l._id,
    name: l.name,
    image: l.image,
    variantText: variantLabel(l.variant),
    unitPrice: l.unitPrice,
    quantity: l.quantity,
  }));
  const submit = async (choice: CheckoutChoice) => {
    try {
      finish(await payOrder(api, current._id, choice));
    } catch (error) {
      sessionCheck(error, onSessionExpired);
    }
  };
  return (
    <Shell title={`Pay for order ${current.number}`}>
      <CheckoutForm
        lines={lines}
        options={options.data}
        storeName={storeNameOf(options.data, current)}
        submit={submit}
      />
    </Shell>
  );
}
