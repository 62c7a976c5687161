import {
  FEATURE_GATE_REFUSALS,
  type SocketAck,
  type StreamNotification,
  streamMessagePayload,
  streamSocketEvents,
  streamSubscriptionPayload,
} from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Clock } from '@/lib/clock.ts';
import { memoryPublisherStore, type PublisherStore } from '@/modules/live/publishers.ts';
import { answer, guardedBy, refuse } from '@/modules/live/socket-acks.ts';
import type { StreamChatService } from '@/modules/live/stream-chat.service.ts';
import type { StreamsService } from '@/modules/live/streams.service.ts';
import { studioRelay } from '@/modules/live/studio-relay.socket.ts';
import { VIEWER_RECOUNT_DELAY_MS, viewerCounts } from '@/modules/live/viewer-counts.ts';
import type { SellerFeatureGate } from '@/plugins/feature-gate.ts';
import { type Realtime, type SocketIdentity, streamRoom } from '@/plugins/realtime.ts';

/**
 * How long a subscribe trusts what it last read of a show (its seller, its status). A crowd
 * subscribing at once (2,000 viewers opening a shared link) is then one read of the show a second,
 * not one per viewer: on ten pooled connections those reads queued past the pool's time-out (issue
 * 18, `npm run cluster`). A subscribe only needs the seller, which never changes, and whether the show
 * ended (to record a viewer for analytics); comments and announcements still read it afresh.
 */
export const SUBSCRIBE_STREAM_CACHE_MS = 1000;
const MAX_CACHED_STREAMS = 10_000;
/** Comments and announcements one socket may send per window, so nobody floods a show. */
const MESSAGES_PER_WINDOW = 10;
const MESSAGE_WINDOW_MS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** issue 21: asked before a comment is stored; `hidden` comments reach only their sender. */
export type CommentPolicy = (comment: {
  streamId: string;
  sellerId: string;
  author: SocketIdentity;
  content: string;
}) => Promise<{ ok: false; message: string } | { ok: true; hidden: boolean }>;

export type ShowView = { sellerId: string; streamId: string; viewer: string; at: Date };

type SocketState = {
  messageTimes: number[];
  /**
   * The seller passed the SPEC section 5 gate once. Nothing takes a verified e-mail or a pickup
   * address away, so a pass is kept for the socket's life instead of read again for every ICE
   * candidate; a refusal is read afresh, so a seller who just finished is let in at once.
   */
  sellerGatePassed: boolean;
};

const stateOf = (socket: Socket): SocketState => {
  socket.data.live ??= { messageTimes: [], sellerGatePassed: false } satisfies SocketState;
  return socket.data.live as SocketState;
};

/**
 * The live show's socket events (SPEC section 7 "Socket channel"): subscribing to a show's room,
 * viewer counts, comments and announcements; the signalling relay of the local WebRTC provider is
 * studio-relay.socket.ts, attached to the same connections. Anyone may subscribe and watch;
 * comments need a buyer or the show's seller, announcements the show's seller. Counts come from
 * the sockets in the room across the cluster, so they are right whichever node each viewer is
 * connected to.
 *
 * A show's own seller acting as its seller (subscribing from the studio, commenting, announcing,
 * signalling the video to viewers) must pass the SPEC section 5 gate, like the HTTP calls of the
 * studio: the refusal is the HTTP answer's `{ message, code }` in the acknowledgement.
 */
export function registerLiveSocket({
  realtime,
  streams,
  chat,
  clock,
  log,
  sellerGate,
  publishers = memoryPublisherStore(),
  recountDelayMs = VIEWER_RECOUNT_DELAY_MS,
  recordViewers,
  commentPolicy,
}: {
  realtime: Realtime;
  streams: Pick<StreamsService, 'audience' | 'recordViewers'>;
  chat: Pick<StreamChatService, 'post'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  sellerGate: SellerFeatureGate;
  /** Which studio publishes each show (publishers.ts); in Redis when several nodes share it. */
  publishers?: PublisherStore;
  recountDelayMs?: number;
  /**
   * Analytics (issue 17): distinct viewers of a show joined (the funnel's first step). Called with
   * one view, or with the views that arrived while the previous call was being written (a crowd
   * joining is a few multi-row writes, not one pair of inserts per viewer).
   */
  recordViewers?: (views: ShowView[]) => Promise<void>;
  /** issue 21: muted viewers, slow mode and muted words (moderation.service.ts). */
  commentPolicy?: CommentPolicy;
}) {
  const guarded = guardedBy(log);
  // A stream's seller never changes, so it is remembered; its status is read fresh each time.
  const sellers = new Map<string, string>();
  const streamInfo = async (streamId: string) => {
    if (!UUID.test(streamId)) return null;
    const info = await streams.audience(streamId);
    if (!info) return null;
    sellers.set(streamId, info.sellerId);
    return info;
  };
  const sellerOf = async (streamId: string) =>
    sellers.get(streamId) ?? (await streamInfo(streamId))?.sellerId;

  // One read in flight or fresh per show for subscribes (SUBSCRIBE_STREAM_CACHE_MS); a failed read
  // is forgotten at once, so the next subscribe tries again.
  const subscribeCache = new Map<string, { at: number; info: ReturnType<typeof streamInfo> }>();
  const streamInfoForSubscribe = (streamId: string): ReturnType<typeof streamInfo> => {
    const now = clock.now().getTime();
    const hit = subscribeCache.get(streamId);
    if (hit && now - hit.at < SUBSCRIBE_STREAM_CACHE_MS) return hit.info;
    if (subscribeCache.size >= MAX_CACHED_STREAMS) {
      for (const [id, entry] of subscribeCache) {
        if (now - entry.at >= SUBSCRIBE_STREAM_CACHE_MS) subscribeCache.delete(id);
      }
      if (subscribeCache.size >= MAX_CACHED_STREAMS) subscribeCache.clear();
    }
    const info = streamInfo(streamId);
    subscribeCache.set(streamId, { at: now, info });
    info.catch(() => {
      if (subscribeCache.get(streamId)?.info === info) subscribeCache.delete(streamId);
    });
    return info;
  };

  // Viewers for analytics: written one call at a time; those arriving meanwhile wait and go together.
  let viewsWaiting: ShowView[] = [];
  let viewsWriting = false;
  const writeViews = () => {
    if (!recordViewers || viewsWriting || viewsWaiting.length === 0) return;
    const batch = viewsWaiting;
    viewsWaiting = [];
    viewsWriting = true;
    recordViewers(batch)
      .catch((err: unknown) =>
        log.error({ err, views: batch.length }, 'could not record the viewers of a stream'),
      )
      .finally(() => {
        viewsWriting = false;
        writeViews();
      });
  };
  const recordViewer = (view: ShowView) => {
    viewsWaiting.push(view);
    writeViews();
  };

  const counts = viewerCounts({ realtime, streams, clock, log, sellerOf, delayMs: recountDelayMs });
  const scheduleRecount = counts.schedule;

  /** The refusal to send when the show's seller may not act as its seller now, or null. */
  const gateRefusal = async (socket: Socket, sellerId: string): Promise<SocketAck | null> => {
    const state = stateOf(socket);
    if (state.sellerGatePassed) return null;
    const code = await sellerGate(sellerId);
    if (!code) {
      state.sellerGatePassed = true;
      return null;
    }
    return { ok: false, message: FEATURE_GATE_REFUSALS[code].message, code };
  };

  const tooFast = (socket: Socket) => {
    const times = stateOf(socket).messageTimes;
    const now = Date.now();
    while (times.length && (times[0] ?? 0) <= now - MESSAGE_WINDOW_MS) times.shift();
    if (times.length >= MESSAGES_PER_WINDOW) return true;
    times.push(now);
    return false;
  };

  const message = async (
    socket: Socket,
    identity: SocketIdentity,
    kind: 'comment' | 'announcement',
    payload: unknown,
    ack: unknown,
  ) => {
    if (identity.kind === 'viewer') {
      return refuse(
        ack,
        kind === 'comment' ? 'Log in to comment' : 'Only the show’s seller can make announcements',
      );
    }
    const parsed = streamMessagePayload.safeParse(payload);
    if (!parsed.success) return refuse(ack, parsed.error.issues[0]?.message ?? 'Invalid message');
    const { streamId, content } = parsed.data;
    const info = await streamInfo(streamId);
    if (!info) return refuse(ack, 'Stream not found');
    const isOwner = identity.kind === 'seller' && identity.id === info.sellerId;
    if (kind === 'announcement' && !isOwner) {
      return refuse(ack, 'Only the show’s seller can make announcements');
    }
    if (identity.kind === 'seller' && !isOwner) {
      return refuse(ack, 'Only buyers and the show’s seller can comment');
    }
    if (isOwner) {
      const refusal = await gateRefusal(socket, identity.id);
      if (refusal) return answer(ack, refusal);
    }
    if (info.status === 'ended') return refuse(ack, 'This show has ended');
    if (tooFast(socket)) return refuse(ack, 'You are sending messages too fast. Wait a few seconds.');
    const policy =
      kind === 'comment' && commentPolicy
        ? await commentPolicy({ streamId, sellerId: info.sellerId, author: identity, content })
        : ({ ok: true, hidden: false } as const);
    if (!policy.ok) return refuse(ack, policy.message);

    const posted = await chat.post({
      streamId,
      kind,
      author: { kind: identity.kind, id: identity.id, name: identity.name },
      content,
      hidden: policy.hidden,
    });
    const notification: StreamNotification =
      kind === 'comment'
        ? {
            type: 'stream_comment',
            data: {
              streamId,
              comment: {
                _id: posted.id,
                author: { _id: identity.id, name: identity.name, role: identity.kind },
              },
            },
            timestamp: posted.createdAt.getTime(),
            content,
          }
        : {
            type: 'stream_announcement',
            data: { streamId, announcement: { _id: posted.id } },
            timestamp: posted.createdAt.getTime(),
            content,
          };
    // A comment with a muted word reaches its sender's own sockets only: to them it reads as sent.
    if (policy.hidden && identity.kind === 'buyer') {
      realtime.toBuyer(identity.id, streamSocketEvents.notification, notification);
    } else {
      realtime.toStreamAndSeller(streamId, info.sellerId, streamSocketEvents.notification, notification);
    }
    answer(ack, { ok: true });
  };

  const relay = studioRelay({ realtime, clock, log, publishers, streamInfo, sellerOf, gateRefusal });

  realtime.onConnection((socket, identity) => {
    socket.on(
      streamSocketEvents.subscribe,
      guarded(async (payload, ack) => {
        const parsed = streamSubscriptionPayload.safeParse(payload);
        if (!parsed.success) return refuse(ack, 'Stream not found');
        const { streamId } = parsed.data;
        const info = await streamInfoForSubscribe(streamId);
        if (!info) return refuse(ack, 'Stream not found');
        // The show's own seller subscribing is the studio joining its show; another seller is a viewer.
        if (identity.kind === 'seller' && identity.id === info.sellerId) {
          const refusal = await gateRefusal(socket, identity.id);
          if (refusal) return answer(ack, refusal);
        }
        await socket.join(streamRoom(streamId));
        scheduleRecount(streamId, 'joined');
        const isOwner = identity.kind === 'seller' && identity.id === info.sellerId;
        if (recordViewers && !isOwner && info.status !== 'ended') {
          const viewer = identity.kind === 'viewer' ? `anon:${socket.id}` : `${identity.kind}:${identity.id}`;
          recordViewer({ sellerId: info.sellerId, streamId, viewer, at: clock.now() });
        }
        answer(ack, { ok: true });
      }),
    );

    socket.on(
      streamSocketEvents.unsubscribe,
      guarded(async (payload, ack) => {
        const parsed = streamSubscriptionPayload.safeParse(payload);
        if (!parsed.success) return refuse(ack, 'Stream not found');
        const { streamId } = parsed.data;
        relay.stopWatching(socket, streamId);
        if (socket.rooms.has(streamRoom(streamId))) {
          await socket.leave(streamRoom(streamId));
          scheduleRecount(streamId, 'left');
        }
        answer(ack, { ok: true });
      }),
    );

    socket.on('disconnecting', () => {
      relay.disconnecting(socket);
      for (const room of socket.rooms) {
        // Counted after the delay, by which time this socket has left every room.
        if (room.startsWith('stream:')) scheduleRecount(room.slice('stream:'.length), 'left');
      }
    });

    socket.on(
      streamSocketEvents.comment,
      guarded((payload, ack) => message(socket, identity, 'comment', payload, ack)),
    );
    socket.on(
      streamSocketEvents.announcement,
      guarded((payload, ack) => message(socket, identity, 'announcement', payload, ack)),
    );

    relay.attach(socket, identity);
  });

  return {
    /** Stops pending recounts (the app is closing). */
    close() {
      counts.close();
    },
  };
}
