import { BuyerUpdatesPage } from '@/features/updates/buyer-updates-page';
import { BuyerGate } from '@/features/watch/buyer-gate';
import { buyerApi } from '@/features/watch/buyer-session';

/** The buyer's Updates inbox: campaigns, shows of followed stores, payment reminders. */
export function Component() {
  return (
    <BuyerGate title="Log in to see your updates" reason="Your updates are kept with your buyer account.">
      {(session, expired) => (
        <BuyerUpdatesPage key={session.buyer._id} api={buyerApi} onSessionExpired={expired} />
      )}
    </BuyerGate>
  );
}
