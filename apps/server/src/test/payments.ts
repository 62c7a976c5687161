import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { orders } from '@/db/schema/index.ts';
import type { PaymentSucceeded } from '@/modules/orders/order-ports.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { sellerWithToken } from '@/test/sellers.ts';

export type PaymentCall = Parameters<PaymentSucceeded>[1];

/**
 * A PaymentSucceeded for payments tests (the real one is the orders module's): records each call
 * and, when the amount is the order's total, marks the order paid with plain SQL in the same
 * transaction, as the real one does through the order machine.
 */
export function recordingPaymentSucceeded() {
  const calls: PaymentCall[] = [];
  const handler: PaymentSucceeded = async (q, payment) => {
    calls.push(payment);
    await q.execute(
      sql`update orders set payment_status = 'paid', paid_at = now()
          where id = ${payment.orderId} and total_kobo = ${payment.paidKobo} and payment_status = 'awaiting_payment'`,
    );
  };
  return { calls, handler };
}

/** A Buy now order of a new buyer from a new seller, awaiting an online payment of `totalKobo`. */
export async function orderToPay(t: TestApp, totalKobo = 1_234_50) {
  const { seller } = await sellerWithToken(t);
  const { buyer } = await buyerWithToken(t);
  const [order] = await t.db
    .insert(orders)
    .values({
      sellerId: seller.id,
      buyerId: buyer.id,
      source: 'buy_now',
      paymentMethod: 'online',
      deliveryMethod: 'pickup',
      subtotalKobo: totalKobo,
      totalKobo,
    })
    .returning();
  if (!order) throw new Error('no order inserted');
  return { seller, buyer, order, callbackUrl: `http://localhost:3000/my-orders/${order.id}` };
}

export async function paymentStatusOfOrder(db: Database, orderId: string) {
  const [row] = await db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
  return row?.status;
}
