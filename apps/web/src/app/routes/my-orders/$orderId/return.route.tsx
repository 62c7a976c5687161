import { useParams } from 'react-router';
import { BuyerReturnRequestPage } from '@/features/returns/buyer-return-request';
import { buyerReturnPhotoUploader } from '@/features/returns/returns-api';
import { BuyerGate } from '@/features/watch/buyer-gate';
import { buyerApi, readBuyerToken } from '@/features/watch/buyer-session';

const upload = buyerReturnPhotoUploader(buyerApi, readBuyerToken);

/** The buyer asks to return items of a delivered order. */
export function Component() {
  const { orderId = '' } = useParams();
  return (
    <BuyerGate title="Log in to return an item" reason="Log in with the account you ordered with.">
      {(session, expired) => (
        <BuyerReturnRequestPage
          key={`${orderId}:${session.buyer._id}`}
          api={buyerApi}
          orderId={orderId}
          upload={upload}
          onSessionExpired={expired}
        />
      )}
    </BuyerGate>
  );
}
