import {
  GIVEAWAY_COUNT_INTERVAL_MS,
  type Giveaway,
  type GiveawayDrawnEvent,
  type GiveawayEntriesEvent,
  type GiveawayStartedEvent,
  giveawaySocketEvents,
} from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import type { Realtime } from '@/plugins/realtime.ts';

/**
 * What a show's room and its seller hear of its giveaways, after the change committed. The entrant
 * count is sent at most every GIVEAWAY_COUNT_INTERVAL_MS per giveaway (a show of thousands entering
 * in the same seconds sends a few events, each with the latest count), always with the last one.
 */
export function giveawayAnnouncer({
  events,
  clock,
  intervalMs = GIVEAWAY_COUNT_INTERVAL_MS,
}: {
  events: Pick<Realtime, 'toStreamAndSeller'>;
  clock: Clock;
  intervalMs?: number;
}) {
  const pending = new Map<string, { timer: NodeJS.Timeout; count: number }>();
  const sendCount = (streamId: string, sellerId: string, giveawayId: string, entrantsCount: number) => {
    const event: GiveawayEntriesEvent = {
      streamId,
      giveawayId,
      entrantsCount,
      timestamp: clock.now().getTime(),
    };
    events.toStreamAndSeller(streamId, sellerId, giveawaySocketEvents.entries, event);
  };

  return {
    started(sellerId: string, giveaway: Giveaway) {
      const event: GiveawayStartedEvent = {
        streamId: giveaway.streamId,
        giveaway,
        timestamp: clock.now().getTime(),
      };
      events.toStreamAndSeller(giveaway.streamId, sellerId, giveawaySocketEvents.started, event);
    },

    entries(streamId: string, sellerId: string, giveawayId: string, entrantsCount: number) {
      const waiting = pending.get(giveawayId);
      if (waiting) {
        waiting.count = Math.max(waiting.count, entrantsCount);
        return;
      }
      sendCount(streamId, sellerId, giveawayId, entrantsCount);
      const entry = {
        count: entrantsCount,
        timer: setTimeout(() => {
          pending.delete(giveawayId);
          if (entry.count > entrantsCount) sendCount(streamId, sellerId, giveawayId, entry.count);
        }, intervalMs),
      };
      entry.timer.unref?.();
      pending.set(giveawayId, entry);
    },

    drawn(sellerId: string, giveaway: Giveaway) {
      const waiting = pending.get(giveaway.id);
      if (waiting) {
        clearTimeout(waiting.timer);
        pending.delete(giveaway.id);
      }
      const event: GiveawayDrawnEvent = {
        streamId: giveaway.streamId,
        giveaway,
        timestamp: clock.now().getTime(),
      };
      events.toStreamAndSeller(giveaway.streamId, sellerId, giveawaySocketEvents.drawn, event);
    },

    close() {
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
export type GiveawayAnnouncer = ReturnType<typeof giveawayAnnouncer>;
