import {
  SELLER_RECONNECTING,
  type SellerPresenceResponse,
  sellerPresenceEvent,
  sellerPresenceEvents,
} from '@kasuwa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import type { LiveSocketLike } from '@/features/live-room/live-socket';
import type { ApiClient } from '@/lib/api-client';

/**
 * Whether the show's seller is away (issue 20: their studio's connection dropped mid-show), from
 * GET /streams/{id}/seller-presence when the page opens and `stream_seller_presence` after. While
 * away, the auction clock stands still and bids are refused; the page says so.
 */
export function useSellerPresence(
  api: ApiClient,
  streamId: string,
  socket: LiveSocketLike | null,
  live: boolean,
) {
  const queryClient = useQueryClient();
  const key = ['watch-seller-presence', streamId] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<SellerPresenceResponse>(`/streams/${encodeURIComponent(streamId)}/seller-presence`, {
        signal,
        auth: false,
      }),
    enabled: live,
  });
  useEffect(() => {
    if (!socket) return;
    const onPresence = (raw: unknown) => {
      const parsed = sellerPresenceEvent.safeParse(raw);
      if (!parsed.success || parsed.data.streamId !== streamId) return;
      const { timestamp: _t, ...presence } = parsed.data;
      queryClient.setQueryData<SellerPresenceResponse>(['watch-seller-presence', streamId], presence);
    };
    socket.on(sellerPresenceEvents.presence, onPresence);
    return () => {
      socket.off(sellerPresenceEvents.presence, onPresence);
    };
  }, [socket, streamId, queryClient]);
  return live && query.data?.away === true;
}

export function SellerReconnectingBanner() {
  return (
    <p
      role="status"
      className="absolute inset-x-3 top-16 z-10 flex items-start gap-2 rounded-card bg-amber-400 px-4 py-3 text-amber-950 text-sm shadow-card"
    >
      <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <span className="block font-semibold">{SELLER_RECONNECTING}</span>
        Bidding is paused and the clock is stopped. Nobody loses a bid: the time comes back when they do.
      </span>
    </p>
  );
}
