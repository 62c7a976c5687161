import { BuyerOrdersPage } from '@/features/checkout/buyer-orders-page';
import { BuyerGate } from '@/features/watch/buyer-gate';
import { buyerApi } from '@/features/watch/buyer-session';

/** The buyer's orders. */
export function Component() {
  return (
    <BuyerGate title="Log in to see your orders" reason="Your orders are kept with your buyer account.">
      {(session, expired) => (
        <BuyerOrdersPage key={session.buyer._id} api={buyerApi} onSessionExpired={expired} />
      )}
    </BuyerGate>
  );
}
