import {
  MAX_STREAM_COMMENT_LENGTH,
  SUBSCRIBE_RETRY_MAX_MS,
  socketAck,
  streamSocketEvents,
  subscribeRetryDelay,
} from '@kasuwa/contracts';
import { connectSellerSocket } from '@/lib/socket';

/**
 * The live socket of one show, for the studio and the watch page: the SPEC section 9 connection
 * (lib/socket.ts) authenticated with whoever is there (the seller's token, a buyer's, or none for
 * a viewer who only watches). On every connection, the first and each after a drop, it joins the
 * seller room (studio only) and subscribes to the show again, because the server forgets a
 * dropped socket's rooms; after a drop it then tells the caller to fetch the show again, since
 * whatever happened meanwhile was not received.
 */

/** What we use of socket.io's Socket; a fake in tests. */
export interface LiveSocketLike {
  readonly id?: string | undefined;
  readonly connected: boolean;
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, handler: (payload: unknown) => void): unknown;
  off(event: string, handler: (payload: unknown) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type ConnectLiveSocket = (getToken: () => string | null) => Promise<LiveSocketLike>;

export interface LiveSocketOptions {
  streamId: string;
  /** Read at each connection, so a buyer who logs in is known after `reauthenticate()`. */
  getToken: () => string | null;
  /** The studio's seller: SPEC section 7 has it emit `join` with its id. */
  sellerId?: string | null;
  /**
   * After each subscription the server took (the socket is in the show's room); `reconnected` is
   * true after a drop. Fetch the show then: a read begun before the join can miss an event.
   */
  onSubscribed?: (info: { reconnected: boolean }) => void;
  onConnectionChange?: (connected: boolean, error?: string) => void;
  connect?: ConnectLiveSocket;
}

export interface LiveConnection {
  socket: LiveSocketLike;
  /** Reconnects so the server sees the current token (a buyer just logged in or out). */
  reauthenticate(): void;
  close(): void;
}

// The back-off of a refused subscription is the contract's, shared with `npm run simulate`.
export { SUBSCRIBE_RETRY_MAX_MS, subscribeRetryDelay };

export async function openLiveSocket({
  streamId,
  getToken,
  sellerId,
  onSubscribed,
  onConnectionChange,
  connect = connectSellerSocket,
}: LiveSocketOptions): Promise<LiveConnection> {
  const socket = await connect(getToken);
  let connectedBefore = false;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const cancelRetry = () => {
    if (retry) clearTimeout(retry);
    retry = null;
  };

  // A subscription the server could not take now (its answer has `retryAfterMs`) is sent again
  // after a back-off while this connection lasts; any other refusal stands. Once the server has
  // taken it (the socket is in the show's room), `onSubscribed`: what is read from then on cannot
  // miss an event, while a read begun before the join could (a bid made between the page's first
  // read of the show and its join was never seen by that viewer).
  const subscribe = (refusals: number, reconnected: boolean) => {
    socket.emit(streamSocketEvents.subscribe, { streamId }, (raw: unknown) => {
      const ack = socketAck.safeParse(raw);
      if (closed || !socket.connected || !ack.success) return;
      if (ack.data.ok) {
        onSubscribed?.({ reconnected });
        return;
      }
      if (!ack.data.retryAfterMs) return;
      cancelRetry();
      retry = setTimeout(
        () => {
          retry = null;
          if (!closed && socket.connected) subscribe(refusals + 1, reconnected);
        },
        subscribeRetryDelay(ack.data.retryAfterMs, refusals + 1),
      );
    });
  };

  const onConnect = () => {
    cancelRetry();
    if (sellerId) socket.emit(streamSocketEvents.join, sellerId);
    subscribe(0, connectedBefore);
    onConnectionChange?.(true);
    connectedBefore = true;
  };
  const onDisconnect = () => {
    cancelRetry();
    onConnectionChange?.(false);
  };
  const onConnectError = (error: unknown) =>
    onConnectionChange?.(false, error instanceof Error ? error.message : undefined);

  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);
  if (socket.connected) onConnect();

  return {
    socket,
    reauthenticate() {
      socket.disconnect();
      socket.connect();
    },
    close() {
      closed = true;
      cancelRetry();
      if (socket.connected) socket.emit(streamSocketEvents.unsubscribe, { streamId });
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.disconnect();
    },
  };
}

export type StreamMessageKind = 'comment' | 'announcement';

export type SendOutcome = { ok: true } | { ok: false; message: string };

/** How long a message waits for the server's acknowledgement before it counts as not sent. */
export const MESSAGE_ACK_TIMEOUT_MS = 10_000;

export const messageNotSent = 'Message not sent. Check your connection and try again.';

/**
 * SPEC section 5: a comment or announcement is sent only if the socket exists, a stream id is
 * present and the trimmed text is non-empty; the text is trimmed before sending. Answers null when
 * nothing was sent, otherwise the server's verdict.
 */
export function sendStreamMessage(
  socket: LiveSocketLike | null | undefined,
  streamId: string | null | undefined,
  text: string,
  kind: StreamMessageKind,
): Promise<SendOutcome> | null {
  const content = text.trim();
  if (!socket || !streamId || content === '') return null;
  if (content.length > MAX_STREAM_COMMENT_LENGTH) {
    return Promise.resolve({ ok: false, message: `At most ${MAX_STREAM_COMMENT_LENGTH} characters` });
  }
  const event = kind === 'comment' ? streamSocketEvents.comment : streamSocketEvents.announcement;
  return new Promise<SendOutcome>((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, message: messageNotSent }), MESSAGE_ACK_TIMEOUT_MS);
    socket.emit(event, { streamId, content }, (answer: unknown) => {
      clearTimeout(timer);
      const ack = socketAck.safeParse(answer);
      resolve(!ack.success ? { ok: false, message: messageNotSent } : ack.data);
    });
  });
}
