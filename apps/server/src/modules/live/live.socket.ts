import {
  type SocketAck,
  type StreamNotification,
  streamMessagePayload,
  streamSocketEvents,
  streamSubscriptionPayload,
  type ViewerCountEvent,
  webrtcSignalPayload,
  webrtcSocketEvents,
  webrtcWatchPayload,
} from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Clock } from '@/lib/clock.ts';
import type { LiveRepository } from '@/modules/live/live.repository.ts';
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
};

const stateOf = (socket: Socket): SocketState => {
  socket.data.live ??= { watching: new Set(), messageTimes: [] } satisfies SocketState;
  return socket.data.live as SocketState;
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
 */
export function registerLiveSocket({
  realtime,
  repo,
  clock,
  log,
  recountDelayMs = VIEWER_RECOUNT_DELAY_MS,
}: {
  realtime: Realtime;
  repo: LiveRepository;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
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
    const stored = await repo.recordViewers(streamId, viewerCount);
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
    const sellerId = sellers.get(streamId);
    if (sellerId) {
      realtime.toSeller(sellerId, webrtcSocketEvents.viewerLeft, { streamId, viewerId: socket.id });
    }
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
    if (info.status === 'ended') return refuse(ack, 'This show has ended');
    if (tooFast(socket)) return refuse(ack, 'You are sending messages too fast. Wait a few seconds.');

    const now = clock.now();
    const id = await repo.insertComment({
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
        if (!(await streamInfo(streamId))) return refuse(ack, 'Stream not found');
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
        // Joined before the seller hears of it, so the studio's offer finds this socket allowed.
        await socket.join(watchRoom(parsed.data.streamId));
        realtime.toSeller(sellerId, webrtcSocketEvents.viewer, {
          streamId: parsed.data.streamId,
          viewerId: socket.id,
        });
        answer(ack, { ok: true });
      }),
    );

    // Offers, answers and candidates pass only between a show's seller and the sockets watching
    // that show: the seller may reach only a socket that asked for this show's video (and still
    // watches it), a viewer only a socket of this show's seller, and only while watching. Anything
    // else would let any socket push descriptions and candidates at any other socket it can name.
    socket.on(
      webrtcSocketEvents.signal,
      guarded(async (payload, ack) => {
        const parsed = webrtcSignalPayload.safeParse(payload);
        if (!parsed.success) return refuse(ack, 'Invalid signal');
        const signal = parsed.data;
        const sellerId = await sellerOf(signal.streamId);
        if (!sellerId) return refuse(ack, 'Stream not found');
        const fromSeller = identity.kind === 'seller' && identity.id === sellerId;
        const allowed = fromSeller
          ? await realtime.isInRoom(signal.to, watchRoom(signal.streamId))
          : stateOf(socket).watching.has(signal.streamId) &&
            (await realtime.isInRoom(signal.to, sellerRoom(sellerId)));
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
