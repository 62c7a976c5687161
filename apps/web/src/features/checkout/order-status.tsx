import { type BuyerOrder, FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '@kasuwa/contracts';
import { clsx } from 'clsx';

/** The one word a buyer needs about an order: what happens next, or what happened. */
export function statusText(order: BuyerOrder): string {
  if (order.fulfilmentStatus === 'cancelled') return 'Cancelled';
  if (order.needsCheckout) return 'Checkout to finish';
  if (order.paymentStatus === 'awaiting_payment') return PAYMENT_STATUS_LABELS.awaiting_payment;
  if (order.fulfilmentStatus === 'unfulfilled')
    return order.paymentStatus === 'pay_on_delivery_pending' ? 'Placed · pay on delivery' : 'Paid';
  return FULFILMENT_STATUS_LABELS[order.fulfilmentStatus];
}

export function StatusBadge({ order }: { order: BuyerOrder }) {
  const text = statusText(order);
  const tone =
    order.fulfilmentStatus === 'cancelled'
      ? 'bg-danger-50 text-danger-700'
      : order.needsCheckout || order.paymentStatus === 'awaiting_payment'
        ? 'bg-amber-100 text-amber-900'
        : order.fulfilmentStatus === 'delivered' || order.fulfilmentStatus === 'picked_up'
          ? 'bg-emerald-100 text-emerald-900'
          : 'bg-brand-100 text-brand-800';
  return <span className={clsx('rounded-full px-2.5 py-1 font-semibold text-xs', tone)}>{text}</span>;
}

/** The steps of the order's journey: shipped to an address, or collected at the store. */
export function stepsOf(order: BuyerOrder): { label: string; done: boolean }[] {
  const paid = order.paymentStatus !== 'awaiting_payment';
  const f = order.fulfilmentStatus;
  if (order.deliveryMethod === 'pickup') {
    return [
      { label: order.paymentMethod === 'pay_on_delivery' ? 'Placed' : 'Paid', done: paid },
      { label: 'Ready for pickup', done: f === 'ready_for_pickup' || f === 'picked_up' },
      { label: 'Picked up', done: f === 'picked_up' },
    ];
  }
  const reached = ['shipped', 'in_transit', 'delivered'].indexOf(f);
  return [
    { label: order.paymentMethod === 'pay_on_delivery' ? 'Placed' : 'Paid', done: paid },
    { label: 'Shipped', done: reached >= 0 },
    { label: 'In transit', done: reached >= 1 },
    { label: 'Delivered', done: reached >= 2 },
  ];
}

export function StatusSteps({ order }: { order: BuyerOrder }) {
  const steps = stepsOf(order);
  return (
    <ol aria-label="Order progress" className="flex items-start gap-1">
      {steps.map((step, i) => (
        <li key={step.label} className="flex flex-1 flex-col items-center gap-1 text-center">
          <span
            aria-hidden
            className={clsx(
              'flex size-7 items-center justify-center rounded-full font-semibold text-xs',
              step.done ? 'bg-brand-600 text-white' : 'bg-line text-ink-muted',
            )}
          >
            {i + 1}
          </span>
          <span className={clsx('text-xs', step.done ? 'font-semibold text-ink' : 'text-ink-muted')}>
            {step.label}
            <span className="sr-only">{step.done ? ' (done)' : ' (not yet)'}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
