import { useParams } from 'react-router';
import { BuyerReturnPage } from '@/features/returns/buyer-return-page';
import { buyerReturnPhotoUploader } from '@/features/returns/returns-api';
import { BuyerGate } from '@/features/watch/buyer-gate';
import { buyerApi, readBuyerToken } from '@/features/watch/buyer-session';

const upload = buyerReturnPhotoUploader(buyerApi, readBuyerToken);

/** One of the buyer's returns: status, deadline, thread, sending it back, refunds. */
export function Component() {
  const { returnId = '' } = useParams();
  return (
    <BuyerGate title="Log in to see your return" reason="Log in with the account you asked with.">
      {(session, expired) => (
        <BuyerReturnPage
          key={`${returnId}:${session.buyer._id}`}
          api={buyerApi}
          returnId={returnId}
          upload={upload}
          onSessionExpired={expired}
        />
      )}
    </BuyerGate>
  );
}
