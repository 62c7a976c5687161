import type { BuyerOrder } from '@kasuwa/contracts';
import { useParams, useSearchParams } from 'react-router';
import { BuyerOrderPage } from '@/features/checkout/buyer-order-page';
import { BuyerReturnEntry } from '@/features/returns/buyer-return-entry';
import { BuyerGate } from '@/features/watch/buyer-gate';
import { buyerApi } from '@/features/watch/buyer-session';

/** Returns are asked for once the order has reached the buyer; before that there is nothing to ask. */
const returnsSlot = (order: BuyerOrder) =>
  order.fulfilmentStatus === 'delivered' || order.fulfilmentStatus === 'picked_up' ? (
    <BuyerReturnEntry api={buyerApi} orderId={order._id} />
  ) : null;

/** One of the buyer's orders; where the payment provider sends the buyer back (`?reference=`). */
export function Component() {
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <BuyerGate title="Log in to see your order" reason="Log in with the account you ordered with.">
      {(session, expired) => (
        <BuyerOrderPage
          key={`${orderId}:${session.buyer._id}`}
          api={buyerApi}
          orderId={orderId}
          reference={search.get('reference')}
          onSessionExpired={expired}
          returnsSlot={returnsSlot}
        />
      )}
    </BuyerGate>
  );
}
