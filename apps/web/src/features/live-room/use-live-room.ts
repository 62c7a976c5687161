import {
  type AuctionStatus,
  bidTimerUpdateEvent,
  type ProductBidStatus,
  productAuctionStatusEvent,
  streamNotification,
  streamSocketEvents,
  streamStatusEvent,
  viewerCountEvent,
} from '@kasuwa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from 'react';
import { giveawayKeys } from '@/features/live-room/giveaways';
import {
  emptyLiveRoom,
  type LiveRoomAction,
  liveRoomReducer,
  resolveRowKey,
  rowKey,
} from '@/features/live-room/live-room';
import { liveRoomKeys, liveRoomQueries } from '@/features/live-room/live-room-queries';
import {
  type ConnectLiveSocket,
  type LiveConnection,
  type LiveSocketLike,
  openLiveSocket,
} from '@/features/live-room/live-socket';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { type FrameQueue, frameQueue } from '@/lib/frame-queue';
import { readAgain } from '@/lib/read-again';

/**
 * One show, live: the stream fetched (GET /streams/{id}, public), the live socket subscribed to it,
 * and every event folded into `liveRoomReducer`. The auction status rules (SPEC section 4) are the
 * caller's (features/live/use-auction-status.ts): the same events are handed to `auction`.
 */

/**
 * The SPEC section 4 reducer's inputs; useAuctionStatus's controls fit. The ids are rows' keys
 * (LiveProduct.key: the stream product, else the product), so two variants of one product each
 * have their own status.
 */
export interface AuctionEventSink {
  activate(productId: string): void;
  timer(productId: string, secondsLeft: number): void;
  signal(productId: string, status: AuctionStatus): void;
  winner(productId: string): void;
  hydrate(products: readonly { productId: string; bidStatus: ProductBidStatus }[]): void;
}

export interface UseLiveRoomOptions {
  streamId: string;
  getToken: () => string | null;
  sellerId?: string | null;
  auction?: AuctionEventSink;
  api?: ApiClient;
  connect?: ConnectLiveSocket;
}

export function useLiveRoom({
  streamId,
  getToken,
  sellerId,
  auction,
  api = appApi,
  connect,
}: UseLiveRoomOptions) {
  const queryClient = useQueryClient();
  const [room, dispatch] = useReducer(liveRoomReducer, emptyLiveRoom);
  // The rows as last drawn, to tell the auction statuses which row an event means.
  const productsRef = useRef(room.products);
  productsRef.current = room.products;
  const keyOf = useCallback(
    (ref: { productId: string; streamProductId?: string | undefined }) =>
      resolveRowKey(productsRef.current, ref),
    [],
  );
  const [connection, setConnection] = useState<LiveConnection | null>(null);
  const [connected, setConnected] = useState(false);
  const [connectError, setConnectError] = useState<string | null>(null);
  // How many batches of socket events have been drawn: each commit of one lets the next go.
  const [batches, setBatches] = useState(0);
  const queueRef = useRef<FrameQueue<() => void> | null>(null);
  useLayoutEffect(() => {
    if (batches > 0) queueRef.current?.drawn();
  }, [batches]);

  // The latest callbacks, read by the socket handlers without reopening the socket.
  const auctionRef = useRef(auction);
  auctionRef.current = auction;
  const getTokenRef = useRef(getToken);
  getTokenRef.current = getToken;
  // Read once per (re)opening: a new function each render must not reopen the socket.
  const connectRef = useRef(connect);
  connectRef.current = connect;

  // The socket keeps it current; a refetch happens after each reconnection.
  const query = useQuery(liveRoomQueries.stream(api, streamId));

  // The chat so far, for whoever (re)joins: merged with what arrives live, never shown twice.
  const comments = useQuery(liveRoomQueries.comments(api, streamId));
  useEffect(() => {
    if (comments.data) dispatch({ type: 'comments', comments: comments.data.comments });
  }, [comments.data]);

  const stream = query.data;
  useEffect(() => {
    if (!stream) return;
    dispatch({ type: 'hydrate', stream });
    auctionRef.current?.hydrate(
      stream.products.map((p) => ({
        productId: rowKey({ productId: p.product.productId, streamProductId: p.streamProductId }),
        bidStatus: p.bidStatus,
      })),
    );
  }, [stream]);

  const refetch = useCallback(
    () => queryClient.refetchQueries({ queryKey: liveRoomKeys.stream(streamId), exact: true }),
    [queryClient, streamId],
  );
  // Everything read under the show's key (the show, its chat, its room rules), from now: a first
  // read still on its way when the socket joins began before the join (lib/read-again.ts).
  const refetchAll = useCallback(
    () => readAgain(queryClient, { queryKey: liveRoomKeys.stream(streamId) }),
    [queryClient, streamId],
  );

  useEffect(() => {
    let cancelled = false;
    let opened: LiveConnection | null = null;
    // What the socket says is drawn as one transition for all that arrived since the last frame,
    // and the next only once that one is on screen (issue 20, interaction to next paint). On a busy
    // show (20 bids and 5 comments a second, a slow phone) a render per event was restarted by the
    // next event before it finished, until React gave up waiting and drew the lot in one go,
    // a tap or a key press waiting behind it; now React lets them go first.
    const queue = frameQueue<() => void>((updates) =>
      startTransition(() => {
        for (const update of updates) update();
        setBatches((n) => n + 1);
      }),
    );
    queueRef.current = queue;
    const later = (action: LiveRoomAction) => queue.push(() => dispatch(action));
    const sink = (tell: (auction: AuctionEventSink) => void) =>
      queue.push(() => {
        if (auctionRef.current) tell(auctionRef.current);
      });
    const handlers: [string, (payload: unknown) => void][] = [
      [
        streamSocketEvents.notification,
        (raw) => {
          const parsed = streamNotification.safeParse(raw);
          if (!parsed.success || parsed.data.data.streamId !== streamId) return;
          later({ type: 'notification', notification: parsed.data });
          if (parsed.data.type === 'auction_winner') {
            const key = keyOf(parsed.data.data.product.product);
            sink((a) => a.winner(key));
          }
        },
      ],
      [
        streamSocketEvents.viewerJoined,
        (raw) => {
          const parsed = viewerCountEvent.safeParse(raw);
          if (parsed.success && parsed.data.streamId === streamId)
            later({ type: 'viewers', event: parsed.data });
        },
      ],
      [
        streamSocketEvents.viewerLeft,
        (raw) => {
          const parsed = viewerCountEvent.safeParse(raw);
          if (parsed.success && parsed.data.streamId === streamId)
            later({ type: 'viewers', event: parsed.data });
        },
      ],
      [
        streamSocketEvents.bidTimerUpdate,
        (raw) => {
          const parsed = bidTimerUpdateEvent.safeParse(raw);
          if (!parsed.success || parsed.data.streamId !== streamId) return;
          later({ type: 'timer', event: parsed.data });
          const key = keyOf(parsed.data);
          const { secondsLeft } = parsed.data;
          sink((a) => a.timer(key, secondsLeft));
        },
      ],
      [
        streamSocketEvents.productAuctionStatus,
        (raw) => {
          const parsed = productAuctionStatusEvent.safeParse(raw);
          if (!parsed.success || parsed.data.streamId !== streamId) return;
          later({ type: 'auctionStatus', event: parsed.data });
          const key = keyOf(parsed.data);
          const { status } = parsed.data;
          sink((a) => a.signal(key, status));
          // An activation carries no prices: the new run's starting bid comes with the stream.
          if (parsed.data.status === 'active') void refetch();
        },
      ],
      [
        streamSocketEvents.streamStatus,
        (raw) => {
          const parsed = streamStatusEvent.safeParse(raw);
          if (!parsed.success || parsed.data.streamId !== streamId) return;
          later({ type: 'streamStatus', event: parsed.data });
          void refetch();
        },
      ],
    ];

    openLiveSocket({
      streamId,
      sellerId,
      getToken: () => getTokenRef.current(),
      connect: connectRef.current,
      // In the show's room: read again what the page read before the join — the show, its chat and
      // room rules (all under the show's key) and its giveaways — so a bid, a comment, slow mode
      // or a giveaway started between the first read and the join is not missed (a buyer never
      // saw a giveaway, nor slow mode, turned on in that moment).
      onSubscribed: () => {
        void refetchAll();
        void readAgain(queryClient, { queryKey: giveawayKeys.show(streamId) });
      },
      onConnectionChange: (isConnected, error) => {
        if (cancelled) return;
        setConnected(isConnected);
        setConnectError(isConnected ? null : (error ?? null));
      },
    })
      .then((c) => {
        if (cancelled) {
          c.close();
          return;
        }
        opened = c;
        for (const [event, handler] of handlers) c.socket.on(event, handler);
        setConnection(c);
      })
      .catch(() => {
        if (!cancelled)
          setConnectError('The live connection could not be opened. Reload the page to try again.');
      });

    return () => {
      cancelled = true;
      queue.cancel();
      if (queueRef.current === queue) queueRef.current = null;
      if (opened) {
        for (const [event, handler] of handlers) opened.socket.off(event, handler);
        opened.close();
      }
      setConnection(null);
      setConnected(false);
    };
  }, [streamId, sellerId, refetch, refetchAll, keyOf, queryClient]);

  const apply = useCallback((action: LiveRoomAction) => dispatch(action), []);

  return {
    stream,
    query,
    room,
    socket: (connection?.socket ?? null) as LiveSocketLike | null,
    connected,
    connectError,
    refetch,
    reauthenticate: useCallback(() => connection?.reauthenticate(), [connection]),
    /** Folds in what an HTTP answer said (an activated product, an accepted bid). */
    apply,
  };
}
