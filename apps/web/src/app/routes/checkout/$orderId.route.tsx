import { useParams } from 'react-router';
import { OrderCheckoutPage } from '@/features/checkout/checkout-page';
import { BuyerGate } from '@/features/watch/buyer-gate';
import { buyerApi } from '@/features/watch/buyer-session';

/** Delivery and payment for an order that exists: an auction win, or a payment to try again. */
export function Component() {
  const { orderId = '' } = useParams();
  return (
    <BuyerGate title="Log in to pay" reason="Log in with the account you won or ordered with.">
      {(session, expired) => (
        <OrderCheckoutPage
          key={`${orderId}:${session.buyer._id}`}
          api={buyerApi}
          orderId={orderId}
          onSessionExpired={expired}
        />
      )}
    </BuyerGate>
  );
}
