import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  type DeliveryAddressRecord,
  type OrderRow,
  orderLines,
  orders,
  streams,
  type VariantChoiceRecord,
} from '@/db/schema/index.ts';
import { someCategory } from '@/test/live.ts';

type Payment = OrderRow['paymentStatus'];
type Fulfilment = OrderRow['fulfilmentStatus'];

export type OrderSpec = {
  sellerId: string;
  buyerId: string;
  createdAt?: Date;
  source?: OrderRow['source'];
  payment?: Payment;
  fulfilment?: Fulfilment;
  method?: OrderRow['paymentMethod'];
  delivery?: OrderRow['deliveryMethod'];
  lines?: readonly {
    name: string;
    priceKobo: number;
    quantity?: number;
    variant?: readonly VariantChoiceRecord[];
    productId?: string;
  }[];
  deliveryFeeKobo?: number;
  streamId?: string | null;
  buyerState?: string | null;
  buyerPhone?: string | null;
  address?: DeliveryAddressRecord | null;
  paidAt?: Date | null;
  carrier?: string | null;
  trackingNumber?: string | null;
};

/**
 * An order row with its lines straight in the database, for tests of what reads orders (the lists,
 * customers, the overview); making orders through checkout has its own tests.
 */
export async function insertOrder(db: Database, spec: OrderSpec): Promise<OrderRow> {
  const lines = spec.lines ?? [{ name: 'Ankara Gown', priceKobo: 1_500_000 }];
  const subtotal = lines.reduce((s, l) => s + l.priceKobo * (l.quantity ?? 1), 0);
  const fee = spec.deliveryFeeKobo ?? 0;
  const payment = spec.payment ?? 'paid';
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        sellerId: spec.sellerId,
        buyerId: spec.buyerId,
        streamId: spec.streamId ?? null,
        source: spec.source ?? 'buy_now',
        paymentStatus: payment,
        fulfilmentStatus: spec.fulfilment ?? 'unfulfilled',
        paymentMethod: spec.method === undefined ? 'online' : spec.method,
        deliveryMethod: spec.delivery === undefined ? 'seller' : spec.delivery,
        deliveryAddress: spec.address ?? null,
        buyerState: spec.buyerState === undefined ? 'Lagos' : spec.buyerState,
        buyerPhone: spec.buyerPhone ?? null,
        subtotalKobo: subtotal,
        deliveryFeeKobo: fee,
        totalKobo: subtotal + fee,
        paidAt:
          spec.paidAt !== undefined
            ? spec.paidAt
            : payment === 'paid' || payment === 'pay_on_delivery_collected'
              ? (spec.createdAt ?? new Date())
              : null,
        carrier: spec.carrier ?? null,
        trackingNumber: spec.trackingNumber ?? null,
        ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
      })
      .returning();
    if (!order) throw new Error('no order inserted');
    await tx.insert(orderLines).values(
      lines.map((l) => ({
        orderId: order.id,
        productId: l.productId ?? null,
        productName: l.name,
        variant: [...(l.variant ?? [])],
        unitPriceKobo: l.priceKobo,
        quantity: l.quantity ?? 1,
      })),
    );
    const [read] = await tx.select().from(orders).where(sql`${orders.id} = ${order.id}`);
    return read ?? order;
  });
}

/** A show of the seller's, for filters and "shows attended". */
export async function insertShow(db: Database, sellerId: string, title: string, startedAt: Date) {
  const { categoryId } = await someCategory({ db });
  const [show] = await db
    .insert(streams)
    .values({
      sellerId,
      type: 'live_auction',
      status: 'ended',
      title,
      categoryId,
      scheduledStartTime: startedAt,
      actualStartTime: startedAt,
      endedAt: startedAt,
    })
    .returning();
  if (!show) throw new Error('no show inserted');
  return show;
}
