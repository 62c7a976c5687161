import { studioClaimPayload, studioSocketEvents } from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { PublisherStore } from '@/modules/live/publishers.ts';
import type { SellerPresenceService } from '@/modules/live/seller-presence.service.ts';
import { type Realtime, sellerRoom } from '@/plugins/realtime.ts';

/**
 * A dropped studio (issue 20) is one whose socket went while it held its show (`studio_claim`,
 * publishers.ts) and no studio holds it `awayAfterMs` later — a reload or a quick reconnection
 * claims it again before that. A claim by the show's seller while the show is marked away is the
 * seller back. Listens beside studio-relay.socket.ts on the same connections; changes nothing there.
 */
export const SELLER_AWAY_AFTER_MS = 3_000;

export function registerSellerPresenceSocket({
  realtime,
  presence,
  publishers,
  streamInfo,
  log,
  awayAfterMs = SELLER_AWAY_AFTER_MS,
}: {
  realtime: Realtime;
  presence: Pick<SellerPresenceService, 'away' | 'back'>;
  publishers: PublisherStore;
  streamInfo: (streamId: string) => Promise<{ sellerId: string; status: string } | null>;
  log: Pick<FastifyBaseLogger, 'error'>;
  awayAfterMs?: number;
}) {
  const timers = new Set<NodeJS.Timeout>();
  /** The shows this socket's studio claimed. */
  const claimedBy = (socket: Socket): Set<string> => {
    socket.data.presenceClaims ??= new Set<string>();
    return socket.data.presenceClaims as Set<string>;
  };

  realtime.onConnection((socket, identity) => {
    if (identity.kind !== 'seller') return;
    socket.on(studioSocketEvents.claim, (payload: unknown) => {
      const parsed = studioClaimPayload.safeParse(payload);
      if (!parsed.success) return;
      const { streamId } = parsed.data;
      streamInfo(streamId)
        .then(async (info) => {
          if (!info || info.sellerId !== identity.id || info.status !== 'live') return;
          claimedBy(socket).add(streamId);
          await presence.back(streamId, identity.id);
        })
        .catch((err: unknown) => log.error({ err, streamId }, 'could not mark the seller back'));
    });
    socket.on('disconnect', () => {
      for (const streamId of claimedBy(socket)) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          publishers
            .get(streamId)
            .then(async (holder) => {
              // Another studio (or this one, reconnected) holds the show: the seller is there.
              if (holder && (await realtime.isInRoom(holder.socketId, sellerRoom(identity.id)))) return;
              await presence.away(streamId, identity.id);
            })
            .catch((err: unknown) => log.error({ err, streamId }, 'could not mark the seller away'));
        }, awayAfterMs);
        timers.add(timer);
      }
    });
  });

  return {
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
