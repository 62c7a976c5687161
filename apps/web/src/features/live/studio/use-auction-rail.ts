import { type AuctionStatus, STREAM_MESSAGES } from '@kasuwa/contracts';
import { useCallback, useMemo, useState } from 'react';
import { activateProductBidding, serverMessage } from '@/features/live/studio/studio-api';
import type { LiveProduct, LiveRoomAction } from '@/features/live-room/live-room';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * The product rail's side of an auction: 'Activate bidding' (`POST /activate-product-bidding`,
 * whose answer is folded into the room and starts the product's SPEC section 4 status), the
 * product whose bidding just closed (the winner banner over the video), and products' names for
 * the bid feed.
 */
export function useAuctionRail({
  api,
  streamId,
  products,
  statuses,
  startStatus,
  apply,
}: {
  api: ApiClient;
  streamId: string;
  products: LiveProduct[];
  statuses: Readonly<Record<string, AuctionStatus>>;
  /** Starts the row's SPEC section 4 status (useAuctionStatus's `activate`), by LiveProduct.key. */
  startStatus: (key: string) => void;
  apply: (action: LiveRoomAction) => void;
}) {
  const [activatingId, setActivatingId] = useState<string | null>(null);

  const activate = useCallback(
    async (row: Pick<LiveProduct, 'key' | 'productId' | 'streamProductId'>) => {
      setActivatingId(row.key);
      try {
        const product = await activateProductBidding(api, streamId, row);
        startStatus(row.key);
        apply({ type: 'product', product });
        toast.success(STREAM_MESSAGES.activated);
      } catch (error) {
        toast.error(STREAM_MESSAGES.activateError, serverMessage(error));
      } finally {
        setActivatingId(null);
      }
    },
    [api, startStatus, apply, streamId],
  );

  // By row: the feed names the variant bid on ('Ankara dress — Red / M').
  const names = useMemo(() => new Map(products.map((p) => [p.key, p.name])), [products]);
  const productName = useCallback((key: string) => names.get(key) ?? 'a product', [names]);
  /** Bidding closed and the result is on show (SPEC section 4 'ongoing'). */
  const closing = products.find((p) => statuses[p.key] === 'ongoing') ?? null;

  return { activatingId, activate, productName, closing };
}
