import {
  type SocketAck,
  STUDIO_OPEN_ELSEWHERE,
  type StudioClaimAnswer,
  type StudioReplacedEvent,
  studioClaimPayload,
  studioSocketEvents,
  webrtcSignalPayload,
  webrtcSocketEvents,
  webrtcWatchPayload,
} from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Clock } from '@/lib/clock.ts';
import { claimPublisher, type PublisherClaim, type PublisherStore } from '@/modules/live/publishers.ts';
import { answer, guardedBy, refuse } from '@/modules/live/socket-acks.ts';
import { type Realtime, type SocketIdentity, sellerRoom } from '@/plugins/realtime.ts';

/**
 * The sockets that asked for a show's video (`webrtc_watch`). A room rather than a list in one
 * node's memory, so the seller's node can check a viewer connected to another node.
 */
export const watchRoom = (streamId: string) => `webrtc:${streamId}`;

/** Streams whose video this socket asked to watch. */
const watchingOf = (socket: Socket): Set<string> => {
  socket.data.watching ??= new Set<string>();
  return socket.data.watching as Set<string>;
};

/** The shows whose video this socket's studio holds (studio_claim), by stream id. */
const claimsOf = (socket: Socket): Map<string, PublisherClaim> => {
  socket.data.publishing ??= new Map<string, PublisherClaim>();
  return socket.data.publishing as Map<string, PublisherClaim>;
};

/**
 * The signalling relay of the local WebRTC provider: which studio publishes each show
 * (`studio_claim`, publishers.ts), viewers asking for the video, and offers, answers and ICE
 * candidates passed only between the studio that holds a show and the sockets watching it.
 * live.socket.ts attaches it to each connection and hands it what it knows of the shows.
 */
export function studioRelay({
  realtime,
  clock,
  log,
  publishers,
  streamInfo,
  sellerOf,
  gateRefusal,
}: {
  realtime: Realtime;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  publishers: PublisherStore;
  streamInfo: (streamId: string) => Promise<{ sellerId: string; status: string } | null>;
  sellerOf: (streamId: string) => Promise<string | undefined>;
  /** The SPEC section 5 refusal when the show's seller may not act as its seller now, or null. */
  gateRefusal: (socket: Socket, sellerId: string) => Promise<SocketAck | null>;
}) {
  const guarded = guardedBy(log);

  /** The socket stops watching a show's video: only the publishing studio has a connection to close. */
  const stopWatching = (socket: Socket, streamId: string) => {
    if (!watchingOf(socket).delete(streamId)) return;
    void socket.leave(watchRoom(streamId));
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

  /** The socket is going: its studio's shows have no publisher until a studio claims them again. */
  const disconnecting = (socket: Socket) => {
    for (const [streamId, claim] of claimsOf(socket)) {
      publishers
        .release(streamId, claim)
        .catch((err: unknown) => log.error({ err, streamId }, 'could not release a studio’s claim'));
    }
    claimsOf(socket).clear();
    for (const streamId of watchingOf(socket)) stopWatching(socket, streamId);
  };

  const attach = (socket: Socket, identity: SocketIdentity) => {
    // A watch page asks for the video; the studio offers a connection.
    socket.on(
      webrtcSocketEvents.watch,
      guarded(async (payload, ack) => {
        const parsed = webrtcWatchPayload.safeParse(payload);
        const sellerId = parsed.success ? await sellerOf(parsed.data.streamId) : undefined;
        if (!parsed.success || !sellerId) return refuse(ack, 'Stream not found');
        watchingOf(socket).add(parsed.data.streamId);
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
          : watchingOf(socket).has(signal.streamId) && publisher === signal.to;
        if (!allowed) return refuse(ack, 'Unknown peer');
        realtime.toSocket(signal.to, webrtcSocketEvents.signal, { ...signal, from: socket.id });
        answer(ack, { ok: true });
      }),
    );
  };

  return { attach, stopWatching, disconnecting };
}
export type StudioRelay = ReturnType<typeof studioRelay>;
