import {
  formatOrderNumber,
  type OrderDetail,
  type OrderEvent,
  type OrderLine,
  type SellerOrderAction,
  variantLabel,
} from '@kasuwa/contracts';
import type { OrderLineRow, OrderRow } from '@/db/schema/orders.ts';
import type { AddressRecord } from '@/db/schema/sellers.ts';
import { toNaira } from '@/lib/naira.ts';
import type { OrderEventRow } from '@/modules/orders/orders.repository.ts';

export type OrderDetailParts = {
  buyer: { id: string; name: string; email: string } | null;
  seller: { storeName: string; address: AddressRecord | null } | null;
  show: { id: string; title: string } | null;
};

export function toOrderLine(row: OrderLineRow): OrderLine {
  return {
    _id: row.id,
    productId: row.productId,
    name: row.productName,
    image: row.productImage,
    variant: row.variant,
    unitPrice: toNaira(row.unitPriceKobo),
    quantity: row.quantity,
    lineTotal: toNaira(row.unitPriceKobo * row.quantity),
  };
}

export function toOrderEvent(row: OrderEventRow): OrderEvent {
  return {
    _id: row.id,
    type: row.type,
    actor: row.actor,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The seller's pickup address as one line a buyer can follow. */
export function pickupAddressText(address: AddressRecord | null): string | null {
  if (!address) return null;
  return [address.addressLine1, address.addressLine2, address.city, address.state]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
}

/** A line's name as a sentence reads it: `Ankara dress (Red / M)`. */
export const lineName = (line: Pick<OrderLineRow, 'productName' | 'variant'>) =>
  line.variant.length > 0 ? `${line.productName} (${variantLabel(line.variant)})` : line.productName;

/** An order as its seller sees it on the Order screen (contracts `orderDetailSchema`). */
export function toOrderDetail(
  row: OrderRow,
  lines: OrderLineRow[],
  events: OrderEventRow[],
  parts: OrderDetailParts,
  allowedActions: SellerOrderAction[],
): OrderDetail {
  const first = lines[0];
  return {
    _id: row.id,
    number: formatOrderNumber(row.number),
    createdAt: row.createdAt.toISOString(),
    source: row.source,
    buyer: {
      _id: row.buyerId,
      name: parts.buyer?.name ?? 'A buyer',
      state: row.buyerState,
      email: parts.buyer?.email ?? null,
      phoneNumber: row.buyerPhone,
    },
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    firstItem: {
      name: first?.productName ?? '',
      image: first?.productImage ?? null,
      variant: first?.variant ?? [],
    },
    total: toNaira(row.totalKobo),
    paymentStatus: row.paymentStatus,
    fulfilmentStatus: row.fulfilmentStatus,
    paymentMethod: row.paymentMethod,
    deliveryMethod: row.deliveryMethod,
    show: parts.show ? { _id: parts.show.id, title: parts.show.title } : null,
    lines: lines.map(toOrderLine),
    subtotal: toNaira(row.subtotalKobo),
    deliveryFee: toNaira(row.deliveryFeeKobo),
    discount: toNaira(row.discountKobo),
    couponCode: row.couponCode,
    deliveryAddress: row.deliveryAddress ?? null,
    pickupAddress: row.deliveryMethod === 'pickup' ? pickupAddressText(parts.seller?.address ?? null) : null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    // Only a shipment booked through a carrier API has a tracking page; a hand-typed one has none.
    trackingUrl: row.trackingUrl,
    labelUrl: row.labelUrl,
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentDueAt: row.paymentDueAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    timeline: events.map(toOrderEvent),
    allowedActions,
  };
}
