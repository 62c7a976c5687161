import type { BuyerOrderResponse, BuyerOrdersResponse } from '@kasuwa/contracts';
import { NotFoundError } from '@/lib/errors.ts';
import { buyerOrderViews } from '@/modules/checkout/buyer-order-view.ts';
import type { CheckoutRepository } from '@/modules/checkout/checkout.repository.ts';
import type { PaymentsPort } from '@/modules/orders/order-ports.ts';

/** The buyer's own orders list is their recent history, not an archive: the newest this many. */
export const BUYER_ORDERS_LIMIT = 50;

/** What a buyer reads of their orders. Another buyer's order answers like an unknown one (404). */
export function buyerOrdersService({
  repo,
  payments,
}: {
  repo: CheckoutRepository;
  payments: Pick<PaymentsPort, 'verify'>;
}) {
  async function one(buyerId: string, orderId: string): Promise<BuyerOrderResponse> {
    const row = await repo.order(repo.db, orderId, buyerId);
    if (!row) throw new NotFoundError('Order');
    const [order] = await buyerOrderViews(repo, repo.db, [row]);
    if (!order) throw new NotFoundError('Order');
    return { order };
  }

  return {
    async list(buyerId: string): Promise<BuyerOrdersResponse> {
      const rows = await repo.buyerOrders(repo.db, buyerId, BUYER_ORDERS_LIMIT);
      return { orders: await buyerOrderViews(repo, repo.db, rows) };
    },

    get: one,

    /**
     * The buyer is back from the payment page: the provider is asked about the reference now
     * (only one of this order's, so a buyer cannot make the server query others'), then the order
     * is answered as it stands. A reference of another order is ignored, not an error.
     */
    async verify(buyerId: string, orderId: string, reference: string): Promise<BuyerOrderResponse> {
      const row = await repo.order(repo.db, orderId, buyerId);
      if (!row) throw new NotFoundError('Order');
      if (await repo.paymentBelongsTo(repo.db, orderId, reference)) await payments.verify(reference);
      return one(buyerId, orderId);
    },
  };
}
export type BuyerOrdersService = ReturnType<typeof buyerOrdersService>;
