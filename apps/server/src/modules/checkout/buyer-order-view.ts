import { type BuyerOrder, formatOrderNumber } from '@kasuwa/contracts';
import type { OrderRow } from '@/db/schema/index.ts';
import { toNaira } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { CheckoutRepository } from '@/modules/checkout/checkout.repository.ts';
import { pickupAddressLine, pickupAddressOf } from '@/modules/checkout/delivery-rules.ts';

/** Whether the buyer still has to choose delivery and payment: an auction win before its checkout. */
export const needsCheckout = (o: Pick<OrderRow, 'paymentStatus' | 'paymentMethod' | 'fulfilmentStatus'>) =>
  o.paymentStatus === 'awaiting_payment' && o.paymentMethod === null && o.fulfilmentStatus !== 'cancelled';

/**
 * The pickup code is the buyer's proof at the counter: shown once the order is paid or placed as
 * pay on delivery, never for an unpaid or cancelled one, and only for store pickup.
 */
const showsPickupCode = (o: OrderRow) =>
  o.deliveryMethod === 'pickup' &&
  o.paymentStatus !== 'awaiting_payment' &&
  o.fulfilmentStatus !== 'cancelled';

/** The buyer's view of their orders, with lines, timeline and the seller, read in a few queries. */
export async function buyerOrderViews(
  repo: CheckoutRepository,
  q: Queryable,
  rows: OrderRow[],
): Promise<BuyerOrder[]> {
  const ids = rows.map((r) => r.id);
  const sellerIds = [...new Set(rows.map((r) => r.sellerId))];
  const pickupSellerIds = [
    ...new Set(rows.filter((r) => r.deliveryMethod === 'pickup').map((r) => r.sellerId)),
  ];
  const [lines, events, names, pickupSellers] = await Promise.all([
    repo.lines(q, ids),
    repo.events(q, ids),
    repo.sellerNames(q, sellerIds),
    Promise.all(pickupSellerIds.map((id) => repo.seller(q, id))),
  ]);
  const storeNames = new Map(names.map((s) => [s.id, s.storeName]));
  const pickupLines = new Map(
    pickupSellers.flatMap((s) => (s ? [[s.id, pickupAddressLine(pickupAddressOf(s))] as const] : [])),
  );

  return rows.map((o) => ({
    _id: o.id,
    number: formatOrderNumber(o.number),
    createdAt: o.createdAt.toISOString(),
    seller: { _id: o.sellerId, storeName: storeNames.get(o.sellerId) ?? '' },
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        _id: l.id,
        productId: l.productId,
        name: l.productName,
        image: l.productImage,
        variant: l.variant,
        unitPrice: toNaira(l.unitPriceKobo),
        quantity: l.quantity,
        lineTotal: toNaira(l.unitPriceKobo * l.quantity),
      })),
    subtotal: toNaira(o.subtotalKobo),
    deliveryFee: toNaira(o.deliveryFeeKobo),
    discount: toNaira(o.discountKobo),
    couponCode: o.couponCode,
    total: toNaira(o.totalKobo),
    paymentStatus: o.paymentStatus,
    fulfilmentStatus: o.fulfilmentStatus,
    paymentMethod: o.paymentMethod,
    deliveryMethod: o.deliveryMethod,
    deliveryAddress: o.deliveryMethod === 'seller' ? (o.deliveryAddress ?? null) : null,
    pickupAddress: o.deliveryMethod === 'pickup' ? (pickupLines.get(o.sellerId) ?? null) : null,
    pickupCode: showsPickupCode(o) ? o.pickupCode : null,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    // Only a shipment booked through a carrier API has a tracking page; a hand-typed one has none.
    trackingUrl: o.trackingUrl,
    paymentDueAt: o.paymentDueAt?.toISOString() ?? null,
    timeline: events
      .filter((e) => e.orderId === o.id)
      .map((e) => ({
        _id: e.id,
        type: e.type,
        actor: e.actor,
        message: e.message,
        createdAt: e.createdAt.toISOString(),
      })),
    needsCheckout: needsCheckout(o),
  }));
}
