import { useNavigate, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { BuyerInboxPage } from '@/features/conversations/buyer-inbox-page';
import { BuyerGate } from '@/features/watch/buyer-gate';
import { buyerApi } from '@/features/watch/buyer-session';

/** One of the buyer's conversations, beside the inbox on a desktop. */
export function Component() {
  const { conversationId = '' } = useParams();
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
          selectedId={conversationId}
          onSelect={(id) => navigate(id ? paths.myConversation(id) : paths.myMessages, { replace: true })}
          backTo={paths.myOrders}
        />
      )}
    </BuyerGate>
  );
}
