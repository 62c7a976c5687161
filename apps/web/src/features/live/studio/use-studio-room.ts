import { useCallback } from 'react';
import { useAuctionStatus } from '@/features/live/use-auction-status';
import {
  type ConnectLiveSocket,
  type StreamMessageKind,
  sendStreamMessage,
} from '@/features/live-room/live-socket';
import { useLiveRoom } from '@/features/live-room/use-live-room';
import type { ApiClient } from '@/lib/api-client';
import { readBearerToken } from '@/lib/session-token';

/**
 * The show as the studio sees it: the live room (stream, socket, chat, every event folded in) with
 * the seller's token, the SPEC section 4 auction statuses fed by the same events, the show's status
 * as the socket last said it, and sending to the chat.
 */
export function useStudioRoom({
  streamId,
  sellerId,
  api,
  connect,
}: {
  streamId: string;
  sellerId: string | null;
  api: ApiClient;
  connect?: ConnectLiveSocket;
}) {
  const auction = useAuctionStatus();
  const live = useLiveRoom({ streamId, getToken: readBearerToken, sellerId, auction, api, connect });
  const { room, stream, socket } = live;
  // What the room last heard (a socket event or a fetch), else the fetched stream's.
  const status = room.status ?? stream?.status ?? null;
  // Nothing is sent before the show has loaded (sendStreamMessage needs its id).
  const loadedId = stream?._id;

  const send = useCallback(
    (text: string, kind: StreamMessageKind) => sendStreamMessage(socket, loadedId, text, kind),
    [socket, loadedId],
  );

  return {
    ...live,
    auction,
    status,
    isLive: status === 'live',
    isAuction: stream?.type === 'live_auction',
    send,
  };
}
