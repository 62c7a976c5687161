import type { OrderSummary } from '@kasuwa/contracts';
import { memo } from 'react';
import { paths } from '@/app/paths';
import { formatDate } from '@/features/orders/order-format';
import {
  FULFILMENT_STATUS_TEXT,
  fulfilmentBadgeClasses,
  PAYMENT_STATUS_TEXT,
  paymentBadgeClasses,
  variantText,
} from '@/features/orders/order-labels';
import { itemsSummary } from '@/lib/items-summary';
import { formatNaira } from '@/lib/money';
import { useMediaQuery, WIDE_LIST_QUERY } from '@/lib/use-media-query';
import { AppLink } from '@/ui/app-link';
import { fixedSlot, MediaImage } from '@/ui/media-image';
import { Unbroken } from '@/ui/unbroken';

/** What a list needs to let the seller pick orders (bulk ship); a customer's orders leave it out. */
export interface OrderSelection {
  selected: ReadonlySet<string>;
  toggle: (orderId: string) => void;
  toggleAll: (orderIds: string[]) => void;
}

/**
 * Orders the server's order machine would ship (docs/orders.md): still to send, for delivery by the
 * seller, and paid or to be paid on delivery. An order awaiting payment or for store pickup cannot be
 * ticked; the server still says why one of the ticked fails.
 */
export const canBulkShip = (order: OrderSummary) =>
  order.fulfilmentStatus === 'unfulfilled' &&
  order.deliveryMethod === 'seller' &&
  (order.paymentStatus === 'paid' ||
    order.paymentStatus === 'pay_on_delivery_pending' ||
    order.paymentStatus === 'pay_on_delivery_collected');

export function StatusBadges({ order }: { order: Pick<OrderSummary, 'paymentStatus' | 'fulfilmentStatus'> }) {
  return (
    <span className="flex flex-wrap gap-1">
      <span className={paymentBadgeClasses[order.paymentStatus]}>
        {PAYMENT_STATUS_TEXT[order.paymentStatus]}
      </span>
      <span className={fulfilmentBadgeClasses[order.fulfilmentStatus]}>
        {FULFILMENT_STATUS_TEXT[order.fulfilmentStatus]}
      </span>
    </span>
  );
}

function thumb(src: string | null) {
  if (!src) return <span className="size-12 shrink-0 rounded-control bg-line" />;
  return (
    <MediaImage
      src={src}
      shownAt={fixedSlot(48)}
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className="size-12 shrink-0 rounded-control bg-canvas object-cover"
    />
  );
}

function itemsText(order: OrderSummary): string {
  const variant = variantText(order.firstItem.variant);
  const first = variant ? `${order.firstItem.name} (${variant})` : order.firstItem.name;
  return itemsSummary(first, order.itemCount);
}

interface RowProps {
  order: OrderSummary;
  selection: OrderSelection | undefined;
  checked: boolean;
}

function SelectBox({ order, selection, checked }: RowProps) {
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      aria-label={`Select ${order.number}`}
      checked={checked}
      disabled={!canBulkShip(order)}
      onChange={() => selection.toggle(order._id)}
      className="size-5 accent-brand-600 disabled:opacity-30"
    />
  );
}

const TableRow = memo(function TableRow(props: RowProps) {
  const { order } = props;
  return (
    <tr className="border-line border-b last:border-0">
      {props.selection && (
        <td className="py-3 pl-4">
          <SelectBox {...props} />
        </td>
      )}
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <AppLink
          to={paths.dashboard.order(order._id)}
          className="whitespace-nowrap font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          {order.number}
        </AppLink>
        <p className="text-ink-muted text-xs">{formatDate(order.createdAt)}</p>
      </th>
      <td className="px-4 py-3">
        <p className="font-medium text-ink">{order.buyer.name}</p>
        {order.buyer.state && <p className="text-ink-muted text-xs">{order.buyer.state}</p>}
      </td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          {thumb(order.firstItem.image)}
          <div className="min-w-0">
            <p className="line-clamp-2 text-ink">{itemsText(order)}</p>
            {order.show && <p className="truncate text-ink-muted text-xs">{order.show.title}</p>}
          </div>
        </div>
      </td>
      <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatNaira(order.total)}</td>
      <td className="px-4 py-3">
        <StatusBadges order={order} />
      </td>
    </tr>
  );
});

const CardRow = memo(function CardRow(props: RowProps) {
  const { order } = props;
  return (
    <li className="list-card flex gap-3 p-4">
      {props.selection && (
        <div className="pt-1">
          <SelectBox {...props} />
        </div>
      )}
      {thumb(order.firstItem.image)}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {/* The number and the total side by side while both fit; on a narrow phone the total goes
            under, to the right, whole (the card clips what overflows it: styles/app.css list-card). */}
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <AppLink
            to={paths.dashboard.order(order._id)}
            className="whitespace-nowrap font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {order.number}
          </AppLink>
          <span className="ml-auto whitespace-nowrap font-semibold tabular-nums">
            {formatNaira(order.total)}
          </span>
        </div>
        <p className="truncate text-ink text-sm">{itemsText(order)}</p>
        <p className="text-ink-muted text-xs">
          {order.buyer.name}
          {order.buyer.state ? ` · ${order.buyer.state}` : ''} ·{' '}
          <Unbroken>{formatDate(order.createdAt)}</Unbroken>
        </p>
        <StatusBadges order={order} />
      </div>
    </li>
  );
});

/**
 * Orders as a table from 768 px and cards below (only one is rendered). Used by the Orders screen
 * with a selection, and by a customer's page without.
 */
export function OrderRows({ orders, selection }: { orders: OrderSummary[]; selection?: OrderSelection }) {
  const wide = useMediaQuery(WIDE_LIST_QUERY);
  const selectable = orders.filter(canBulkShip).map((o) => o._id);
  const allChecked =
    selection !== undefined && selectable.length > 0 && selectable.every((id) => selection.selected.has(id));

  if (!wide) {
    return (
      <div>
        {selection && selectable.length > 0 && (
          <label className="flex items-center gap-3 border-line border-b px-4 py-2 text-ink-muted text-sm">
            <input
              type="checkbox"
              checked={allChecked}
              onChange={() => selection.toggleAll(selectable)}
              className="size-5 accent-brand-600"
            />
            Select all to ship on this page
          </label>
        )}
        <ul className="divide-y divide-line">
          {orders.map((order) => (
            <CardRow
              key={order._id}
              order={order}
              selection={selection}
              checked={selection?.selected.has(order._id) ?? false}
            />
          ))}
        </ul>
      </div>
    );
  }
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-ink-muted">
        <tr className="border-line border-b">
          {selection && (
            <th scope="col" className="w-10 py-3 pl-4">
              <input
                type="checkbox"
                aria-label="Select all to ship on this page"
                checked={allChecked}
                disabled={selectable.length === 0}
                onChange={() => selection.toggleAll(selectable)}
                className="size-5 accent-brand-600 disabled:opacity-30"
              />
            </th>
          )}
          <th scope="col" className="px-4 py-3 font-medium">
            Order
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Buyer
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Items
          </th>
          <th scope="col" className="px-4 py-3 text-right font-medium">
            Total
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Status
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <TableRow
            key={order._id}
            order={order}
            selection={selection}
            checked={selection?.selected.has(order._id) ?? false}
          />
        ))}
      </tbody>
    </table>
  );
}
