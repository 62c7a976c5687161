import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { BuyerInboxPage } from '@/features/conversations/buyer-inbox-page';
import { BuyerGate } from '@/features/watch/buyer-gate';
import { buyerApi } from '@/features/watch/buyer-session';

/** The buyer's inbox. */
export function Component() {
  const navigate = useNavigate();
  return (
    <BuyerGate
      title="Log in to see your messages"
      reason="Your messages with stores are kept with your buyer account."
    >
      {(session) => (
        <BuyerInboxPage
          key={session.buyer._id}
          api={buyerApi}
          token={session.token}
          selectedId={null}
          onSelect={(id) => id && navigate(paths.myConversation(id))}
          backTo={paths.myOrders}
        />
      )}
    </BuyerGate>
  );
}
