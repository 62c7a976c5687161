import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { StartConversation, startBodyOf } from '@/features/conversations/start-conversation';
import { BuyerGate } from '@/features/watch/buyer-gate';
import { buyerApi } from '@/features/watch/buyer-session';

/** "Message seller" from a show, a blip or an order: logs the buyer in, then opens the conversation. */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const body = useMemo(() => startBodyOf(search), [search]);
  return (
    <BuyerGate title="Log in to message the store" reason="Log in or sign up to chat with the store.">
      {(session) => (
        <StartConversation
          key={session.buyer._id}
          api={buyerApi}
          body={body}
          onStarted={(id) => navigate(paths.myConversation(id), { replace: true })}
        />
      )}
    </BuyerGate>
  );
}
