import {
  FEATURE_GATE_REFUSALS,
  type SocketAck,
  STUDIO_OPEN_ELSEWHERE,
  type StreamNotification,
  type StudioClaimAnswer,
  type StudioReplacedEvent,
  streamMessagePayload,
  streamSocketEvents,
  streamSubscriptionPayload,
  studioClaimPayload,
  studioSocketEvents,
  type ViewerCountEvent,
  webrtcSignalPayload,
  webrtcSocketEvents,
  webrtcWatchPayload,
} from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Clock } from '@/lib/clock.ts';
import type { LiveRepository } from '@/modules/live/live.repository.ts';
import {
  claimPublisher,
  memoryPublisherStore,
  type PublisherClaim,
  type PublisherStore,
} from '@/modules/live/publishers.ts';
import type { SellerFeatureGate } from '@/plugins/feature-gate.ts';
import { type Realtime, type SocketIdentity, sellerRoom, streamRoom } from '@/plugins/realtime.ts';

/** Joins and leaves arriving together (a show's link shared in a group) are counted once. */
export const VIEWER_RECOUNT_DELAY_MS = 150;
/** Comments and announcements one socket may send per window, so nobody floods a show. */
const MESSAGES_PER_WINDOW = 10;
const MESSAGE_WINDOW_MS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Ack = (answer: SocketAck) => void;
const answer = (ack: unknown, value: SocketAck) => {
  if (typeof ack === 'function') (ack as Ack)(value);
};
const refuse = (ack: unknown, message: string) => answer(ack, { ok: false, message });

type SocketState = {
  /** Streams whose video this socket asked to watch (local WebRTC provider). */
  watching: Set<string>;
  messageTimes: number[];
  /**
   * The seller passed the SPEC section 5 gate once. Nothing takes a verified e-mail or a pickup
   * address away, so a pass is kept for the socket's life instead of read again for every ICE
   * candidate; a refusal is read afresh, so a seller who just finished is let in at once.
   */
  sellerGatePassed: boolean;
};

const stateOf = (socket: Socket): SocketState => {
  socket.data.live ??= {
    watching: new Set(),
    messageTimes: [],
    sellerGatePassed: false,
  } satisfies SocketState;
  return socket.data.live as SocketState;
};

/** The shows whose video this socket's studio holds (studio_claim), by stream id. */
const claimsOf = (socket: Socket): Map<string, PublisherClaim> => {
  socket.data.publishing ??= new Map<string, PublisherClaim>();
  return socket.data.publishing as Map<string, PublisherClaim>;
};

/**
 * The sockets that asked for a show's video (`webrtc_watch`). A room rather than a list in one
 * node's memory, so the seller's node can check a viewer connected to another node.
 */
export const watchRoom = (streamId: string) => `webrtc:${streamId}`;

/**
 * The live show's socket events (SPEC section 7 "Socket channel"): subscribing to a show's room,
 * viewer counts, comments, announcements, and the signalling relay of the local WebRTC provider.
 * Anyone may subscribe and watch; comments need a buyer or the show's seller, announcements the
 * show's seller. Counts come from the sockets in the room across the cluster, so they are right
 * whichever node each viewer is connected to.
 *
 * A show's own seller acting as its seller (subscribing from the studio, commenting, announcing,
 * signalling the video to viewers) must pass the SPEC section 5 gate, like the HTTP calls of the
 * studio: the refusal is the HTTP answer's `{ message, code }` in the acknowledgement.
 */
export function registerLiveSocket({
  realtime,
  repo,
  clock,
  log,
  sellerGate,
  publishers = memoryPublisherStore(),
  recountDelayMs = VIEWER_RECOUNT_DELAY_MS,
}: {
  realtime: Realtime;
  repo: LiveRepository;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  sellerGate: SellerFeatureGate;
  /** Which studio publishes each show (publishers.ts); in Redis when several nodes share it. */
  publishers?: PublisherStore;
  recountDelayMs?: number;
}) {
  // A stream's seller never changes, so it is remembered; its status is read fresh each time.
  const sellers = new Map<string, string>();
  const streamInfo = async (streamId: string) => {
    if (!UUID.test(streamId)) return null;
    const row = await repo.findStream(repo.db, streamId);
    if (!row) return null;
    sellers.set(streamId, row.sellerId);
    return { sellerId: row.sellerId, status: row.status };
  };
  const sellerOf = async (streamId: string) =>
    sellers.get(streamId) ?? (await streamInfo(streamId))?.sellerId;

  const pending = new Map<string, { timer: NodeJS.Timeout; change: 'joined' | 'left' }>();
  const recount = async (streamId: string, change: 'joined' | 'left') => {
    const sellerId = await sellerOf(streamId);
    if (!sellerId) return;
    const sockets = await realtime.socketsIn(streamRoom(streamId));
    // The seller's own studio and dashboard are in the room too; they are not viewers.
    const viewerCount = sockets.filter(
      (s) => !(s.identity.kind === 'seller' && s.identity.id === sellerId),
    ).length;
    const stored = await repo.recordViewers(repo.db, streamId, viewerCount);
    const event: ViewerCountEvent = {
      streamId,
      viewerCount,
      peakViewers: stored?.peakViewers ?? viewerCount,
      timestamp: clock.now().getTime(),
    };
    realtime.toStreamAndSeller(
      streamId,
      sellerId,
      change === 'joined' ? streamSocketEvents.viewerJoined : streamSocketEvents.viewerLeft,
      event,
    );
  };
  const scheduleRecount = (streamId: string, change: 'joined' | 'left') => {
    const existing = pending.get(streamId);
    if (existing) {
      existing.change = change;
      return;
    }
    const entry = {
      change,
      timer: setTimeout(() => {
        pending.delete(streamId);
        recount(streamId, entry.change).catch((err: unknown) =>
          log.error({ err, streamId }, 'could not count the viewers of a stream'),
        );
      }, recountDelayMs),
    };
    pending.set(streamId, entry);
  };

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

  const leftWatching = (socket: Socket, streamId: string) => {
    const state = stateOf(socket);
    if (!state.watching.delete(streamId)) return;
    void socket.leave(watchRoom(streamId));
    // Only the publishing studio has a connection to close.
    publishers
      .get(streamId)
      .then((holder) => {
        if (holder) {
          realtime.toSocket(holder.socketId, webrtcSocketEvents.viewerLeft, {
            streamId,
            viewerId: socket.id,
          });
        }
      })
      .catch((err: unknown) => log.error({ err, streamId }, 'could not tell the studio a viewer left'));
  };

  /** The studio's socket is gone: its shows have no publisher until a studio claims them again. */
  const releaseClaims = (socket: Socket) => {
    for (const [streamId, claim] of claimsOf(socket)) {
      publishers
        .release(streamId, claim)
        .catch((err: unknown) => log.error({ err, streamId }, 'could not release a studio’s claim'));
    }
    claimsOf(socket).clear();
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

    const now = clock.now();
    const id = await repo.insertComment(repo.db, {
      streamId,
      kind,
      authorKind: identity.kind,
      authorId: identity.id,
      authorName: identity.name,
      content,
      createdAt: now,
    });
    const notification: StreamNotification =
      kind === 'comment'
        ? {
            type: 'stream_comment',
            data: {
              streamId,
              comment: { _id: id, author: { _id: identity.id, name: identity.name, role: identity.kind } },
            },
            timestamp: now.getTime(),
            content,
          }
        : {
            type: 'stream_announcement',
            data: { streamId, announcement: { _id: id } },
            timestamp: now.getTime(),
            content,
          };
    realtime.toStreamAndSeller(streamId, info.sellerId, streamSocketEvents.notification, notification);
    answer(ack, { ok: true });
  };

  /** Runs a handler, answering and logging a failure instead of leaving the client waiting. */
  const guarded =
    (handler: (payload: unknown, ack: unknown) => Promise<void>) => (payload: unknown, ack?: unknown) => {
      handler(payload, ack).catch((err: unknown) => {
        log.error({ err }, 'live socket event failed');
        refuse(ack, 'Something went wrong. Please try again.');
      });
    };

  realtime.onConnection((socket, identity) => {
    socket.on(
      streamSocketEvents.subscribe,
      guarded(async (payload, ack) => {
        const parsed = streamSubscriptionPayload.safeParse(payload);
        if (!parsed.success) return refuse(ack, 'Stream not found');
        const { streamId } = parsed.data;
        const info = await streamInfo(streamId);
        if (!info) return refuse(ack, 'Stream not found');
        // The show's own seller subscribing is the studio joining its show; another seller is a viewer.
        if (identity.kind === 'seller' && identity.id === info.sellerId) {
          const refusal = await gateRefusal(socket, identity.id);
          if (refusal) return answer(ack, refusal);
        }
        await socket.join(streamRoom(streamId));
        scheduleRecount(streamId, 'joined');
        answer(ack, { ok: true });
      }),
    );

    socket.on(
      streamSocketEvents.unsubscribe,
      guarded(async (payload, ack) => {
        const parsed = streamSubscriptionPayload.safeParse(payload);
        if (!parsed.success) return refuse(ack, 'Stream not found');
        const { streamId } = parsed.data;
        leftWatching(socket, streamId);
        if (socket.rooms.has(streamRoom(streamId))) {
          await socket.leave(streamRoom(streamId));
          scheduleRecount(streamId, 'left');
        }
        answer(ack, { ok: true });
      }),
    );

    socket.on('disconnecting', () => {
      releaseClaims(socket);
      for (const streamId of stateOf(socket).watching) leftWatching(socket, streamId);
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

    // Local WebRTC provider: a watch page asks for the video; the studio offers a connection.
    socket.on(
      webrtcSocketEvents.watch,
      guarded(async (payload, ack) => {
        const parsed = webrtcWatchPayload.safeParse(payload);
        const sellerId = parsed.success ? await sellerOf(parsed.data.streamId) : undefined;
        if (!parsed.success || !sellerId) return refuse(ack, 'Stream not found');
        stateOf(socket).watching.add(parsed.data.streamId);
        // Joined before the studio hears of it, so the studio's offer finds this socket allowed.
        await socket.join(watchRoom(parsed.data.streamId));
        // Only the studio that holds the show offers. With none (the seller is not publishing yet,
        // or is reloading) the viewer asks again later, or gets an offer once a studio publishes.
        const holder = await publishers.get(parsed.data.streamId);
        if (holder) {
          realtime.toSocket(holder.socketId, webrtcSocketEvents.viewer, {
            streamId: parsed.data.streamId,
            viewerId: socket.id,
          });
        }
        answer(ack, { ok: true });
      }),
    );

    // One studio publishes a show at a time (publishers.ts): the latest to open takes it over and
    // the previous one is told; a studio resuming after a reconnection takes it only if it is free.
    socket.on(
      studioSocketEvents.claim,
      guarded(async (payload, ack) => {
        const parsed = studioClaimPayload.safeParse(payload);
        if (!parsed.success) return refuse(ack, parsed.error.issues[0]?.message ?? 'Stream not found');
        const { streamId, studioId, takeOver } = parsed.data;
        const info = await streamInfo(streamId);
        // Another seller's show answers as a missing one, like the HTTP calls.
        if (!info || identity.kind !== 'seller' || identity.id !== info.sellerId) {
          return refuse(ack, 'Stream not found');
        }
        // Publishing the show's video is a live-stream feature (SPEC section 5).
        const refusal = await gateRefusal(socket, identity.id);
        if (refusal) return answer(ack, refusal);
        if (info.status !== 'live') return refuse(ack, 'This show is not live');
        const claim = { socketId: socket.id, studioId };
        const outcome = await claimPublisher(publishers, streamId, claim, {
          takeOver,
          isConnected: (socketId) => realtime.isInRoom(socketId, sellerRoom(info.sellerId)),
        });
        if (!outcome.granted) {
          const elsewhere: StudioClaimAnswer = {
            ok: false,
            message: STUDIO_OPEN_ELSEWHERE,
            openElsewhere: true,
          };
          if (typeof ack === 'function') (ack as (value: StudioClaimAnswer) => void)(elsewhere);
          return;
        }
        claimsOf(socket).set(streamId, claim);
        if (outcome.replaced) {
          const event: StudioReplacedEvent = { streamId, timestamp: clock.now().getTime() };
          realtime.toSocket(outcome.replaced.socketId, studioSocketEvents.replaced, event);
        }
        answer(ack, { ok: true });
      }),
    );

    // The publishing studio listens for viewers now: hand it everyone already waiting for video.
    socket.on(
      webrtcSocketEvents.publish,
      guarded(async (payload, ack) => {
        const parsed = webrtcWatchPayload.safeParse(payload);
        if (!parsed.success) return refuse(ack, 'Stream not found');
        const { streamId } = parsed.data;
        const holder = await publishers.get(streamId);
        if (holder?.socketId !== socket.id) return refuse(ack, STUDIO_OPEN_ELSEWHERE);
        answer(ack, { ok: true });
        for (const viewer of await realtime.socketsIn(watchRoom(streamId))) {
          socket.emit(webrtcSocketEvents.viewer, { streamId, viewerId: viewer.id });
        }
      }),
    );

    // Offers, answers and candidates pass only between the studio publishing a show and the
    // sockets watching that show: the studio may reach only a socket that asked for this show's
    // video (and still watches it), a viewer only that studio, and only while watching. Anything
    // else would let any socket push descriptions and candidates at any other socket it can name,
    // and a second studio of the same seller would answer viewers too.
    socket.on(
      webrtcSocketEvents.signal,
      guarded(async (payload, ack) => {
        const parsed = webrtcSignalPayload.safeParse(payload);
        if (!parsed.success) return refuse(ack, 'Invalid signal');
        const signal = parsed.data;
        const sellerId = await sellerOf(signal.streamId);
        if (!sellerId) return refuse(ack, 'Stream not found');
        const fromSeller = identity.kind === 'seller' && identity.id === sellerId;
        if (fromSeller) {
          // The seller publishing the show's video.
          const refusal = await gateRefusal(socket, sellerId);
          if (refusal) return answer(ack, refusal);
        }
        const publisher = (await publishers.get(signal.streamId))?.socketId;
        const allowed = fromSeller
          ? publisher === socket.id && (await realtime.isInRoom(signal.to, watchRoom(signal.streamId)))
          : stateOf(socket).watching.has(signal.streamId) && publisher === signal.to;
        if (!allowed) return refuse(ack, 'Unknown peer');
        realtime.toSocket(signal.to, webrtcSocketEvents.signal, { ...signal, from: socket.id });
        answer(ack, { ok: true });
      }),
    );
  });

  return {
    /** Stops pending recounts (the app is closing). */
    close() {
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
