import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type AddressRecord,
  buyers,
  type DeliveryAddressRecord,
  orderLines,
  orders,
  products,
  sellerOnboarding,
  sellers,
  streams,
  type VariantChoiceRecord,
  type WarehouseRecord,
} from '@/db/schema/index.ts';
import type { Queryable } from '@/lib/queryable.ts';

export type DocumentLine = {
  name: string;
  variant: VariantChoiceRecord[];
  quantity: number;
  unitPriceKobo: number;
  weightKg: number | null;
};

/** An order as the packing documents and the carrier need it: one seller's, with its lines. */
export type ShippableOrder = {
  id: string;
  number: number;
  createdAt: Date;
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string | null;
  paymentStatus: string;
  paymentMethod: string | null;
  fulfilmentStatus: string;
  deliveryMethod: string | null;
  deliveryAddress: DeliveryAddressRecord | null;
  subtotalKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
  carrier: string | null;
  trackingNumber: string | null;
  shipmentRef: string | null;
  streamId: string | null;
  lines: DocumentLine[];
};

export type SellerForShipping = {
  storeName: string;
  email: string;
  phoneNumber: string;
  warehouse: WarehouseRecord | null;
  /** An individual seller's address, and a business's: the pickup address when there is no warehouse. */
  sellerAddress: AddressRecord | null;
  businessAddress: AddressRecord | null;
};

/**
 * The seller's pickup address, as checkout tells buyers it (checkout's pickupAddressOf): the
 * warehouse a business gave, else the address an individual seller gave, else the business's.
 */
export const pickupAddressOfSeller = (seller: SellerForShipping) =>
  seller.warehouse?.address ?? seller.sellerAddress ?? seller.businessAddress ?? null;

/** Orders a packing list gathers: money is in (paid, or to be collected on delivery), not cancelled. */
const PACKABLE_PAYMENT = ['paid', 'pay_on_delivery_pending', 'pay_on_delivery_collected'] as const;

export function shippingRepository() {
  async function linesOf(q: Queryable, orderIds: string[]): Promise<Map<string, DocumentLine[]>> {
    const byOrder = new Map<string, DocumentLine[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await q
      .select({
        orderId: orderLines.orderId,
        name: orderLines.productName,
        variant: orderLines.variant,
        quantity: orderLines.quantity,
        unitPriceKobo: orderLines.unitPriceKobo,
        weightKg: products.weightKg,
      })
      .from(orderLines)
      .leftJoin(products, eq(products.id, orderLines.productId))
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.productName));
    for (const { orderId, ...line } of rows) {
      const list = byOrder.get(orderId) ?? [];
      list.push(line);
      byOrder.set(orderId, list);
    }
    return byOrder;
  }

  const orderColumns = {
    id: orders.id,
    number: orders.number,
    createdAt: orders.createdAt,
    buyerName: buyers.name,
    buyerEmail: buyers.email,
    buyerPhone: orders.buyerPhone,
    paymentStatus: orders.paymentStatus,
    paymentMethod: orders.paymentMethod,
    fulfilmentStatus: orders.fulfilmentStatus,
    deliveryMethod: orders.deliveryMethod,
    deliveryAddress: orders.deliveryAddress,
    subtotalKobo: orders.subtotalKobo,
    deliveryFeeKobo: orders.deliveryFeeKobo,
    totalKobo: orders.totalKobo,
    carrier: orders.carrier,
    trackingNumber: orders.trackingNumber,
    shipmentRef: orders.shipmentRef,
    streamId: orders.streamId,
  };

  return {
    async seller(q: Queryable, sellerId: string): Promise<SellerForShipping | null> {
      const [row] = await q
        .select({
          storeName: sellers.storeName,
          email: sellers.email,
          phoneNumber: sellers.phoneNumber,
          warehouse: sellerOnboarding.warehouseDetails,
          sellerAddress: sellers.sellerAddress,
          businessAddress: sellers.businessAddress,
        })
        .from(sellers)
        .leftJoin(sellerOnboarding, eq(sellerOnboarding.sellerId, sellers.id))
        .where(eq(sellers.id, sellerId))
        .limit(1);
      return row ?? null;
    },

    /** One of the seller's orders, or null (another seller's order is not found). */
    async order(q: Queryable, sellerId: string, orderId: string): Promise<ShippableOrder | null> {
      const [row] = await q
        .select(orderColumns)
        .from(orders)
        .innerJoin(buyers, eq(buyers.id, orders.buyerId))
        .where(and(eq(orders.id, orderId), eq(orders.sellerId, sellerId)))
        .limit(1);
      if (!row) return null;
      const lines = await linesOf(q, [row.id]);
      return { ...row, lines: lines.get(row.id) ?? [] };
    },

    /** The seller's show (its title), or null. */
    async show(q: Queryable, sellerId: string, streamId: string) {
      const [row] = await q
        .select({ id: streams.id, title: streams.title, startedAt: streams.actualStartTime })
        .from(streams)
        .where(and(eq(streams.id, streamId), eq(streams.sellerId, sellerId)))
        .limit(1);
      return row ?? null;
    },

    /** A show's orders to pack, by buyer then order number. */
    async packableOrdersOfShow(q: Queryable, sellerId: string, streamId: string): Promise<ShippableOrder[]> {
      const rows = await q
        .select(orderColumns)
        .from(orders)
        .innerJoin(buyers, eq(buyers.id, orders.buyerId))
        .where(
          and(
            eq(orders.sellerId, sellerId),
            eq(orders.streamId, streamId),
            inArray(orders.paymentStatus, [...PACKABLE_PAYMENT]),
            ne(orders.fulfilmentStatus, 'cancelled'),
          ),
        )
        .orderBy(asc(sql`lower(${buyers.name})`), asc(orders.number));
      const lines = await linesOf(
        q,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, lines: lines.get(r.id) ?? [] }));
    },

    /** The booked shipment's id, and its tracking page and label, which the order screens link to. */
    async recordShipment(
      q: Queryable,
      orderId: string,
      shipment: { shipmentRef: string; trackingUrl: string | null; labelUrl: string | null },
    ): Promise<void> {
      const { shipmentRef, trackingUrl, labelUrl } = shipment;
      await q.update(orders).set({ shipmentRef, trackingUrl, labelUrl }).where(eq(orders.id, orderId));
    },

    /** The order a provider's shipment belongs to (tracking), with its seller. */
    async orderOfShipment(q: Queryable, orderId: string) {
      const [row] = await q
        .select({
          id: orders.id,
          sellerId: orders.sellerId,
          shipmentRef: orders.shipmentRef,
          fulfilmentStatus: orders.fulfilmentStatus,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ShippingRepository = ReturnType<typeof shippingRepository>;
