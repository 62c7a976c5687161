import { useSearchParams } from 'react-router';
import { BuyNowCheckoutPage } from '@/features/checkout/checkout-page';
import { BuyerGate } from '@/features/watch/buyer-gate';
import { buyerApi } from '@/features/watch/buyer-session';

/** Buy now's checkout: the item in the search params, a buyer log-in (the watch page's) required. */
export function Component() {
  const [search] = useSearchParams();
  return (
    <BuyerGate title="Log in to check out" reason="Log in or sign up to buy. It takes a few seconds.">
      {(_session, expired) => (
        <BuyNowCheckoutPage api={buyerApi} search={search} onSessionExpired={expired} />
      )}
    </BuyerGate>
  );
}
