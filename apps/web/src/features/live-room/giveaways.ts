import {
  type Giveaway,
  giveawayDrawnEvent,
  giveawayEntriesEvent,
  giveawaySocketEvents,
  giveawayStartedEvent,
  type ShowGiveawaysResponse,
} from '@kasuwa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveSocketLike } from '@/features/live-room/live-socket';
import type { ApiClient } from '@/lib/api-client';
import { readAgainIfReading } from '@/lib/read-again';

/** A show's giveaways (issue 21), as the studio and the watch page both see them. */
export const giveawayKeys = {
  show: (streamId: string) => ['streams', streamId, 'giveaways'] as const,
};

export const showGiveawaysQuery = (api: ApiClient, streamId: string) => ({
  queryKey: giveawayKeys.show(streamId),
  queryFn: () => api.get<ShowGiveawaysResponse>(`/streams/${encodeURIComponent(streamId)}/giveaways`),
});

/** Puts one giveaway (as the server last said it) into the list, adding it when new. */
export function withGiveaway(list: Giveaway[], g: Giveaway): Giveaway[] {
  return list.some((x) => x.id === g.id) ? list.map((x) => (x.id === g.id ? g : x)) : [g, ...list];
}

/** 'm:ss' left of a running giveaway. */
export function countdown(endsAt: string | null, now: number): string {
  const left = endsAt ? Math.max(0, Math.ceil((new Date(endsAt).getTime() - now) / 1000)) : 0;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/**
 * The show's giveaways, fetched once and kept current by the socket's `giveaway_started`,
 * `giveaway_entries` and `giveaway_drawn` (each checked against its contract). `drawn` is the
 * latest giveaway drawn while this page was open, for the draw's moment on screen.
 */
export function useShowGiveaways({
  api,
  streamId,
  socket,
  onDrawn,
}: {
  api: ApiClient;
  streamId: string;
  socket: LiveSocketLike | null;
  onDrawn?: (g: Giveaway) => void;
}) {
  const client = useQueryClient();
  const query = useQuery(showGiveawaysQuery(api, streamId));
  useEffect(() => {
    if (!socket) return;
    const key = giveawayKeys.show(streamId);
    const put = (g: Giveaway) => {
      client.setQueryData<ShowGiveawaysResponse>(key, (old) => ({
        giveaways: withGiveaway(old?.giveaways ?? [], g),
      }));
      readAgainIfReading(client, { queryKey: key, exact: true });
    };
    const started = (payload: unknown) => {
      const e = giveawayStartedEvent.safeParse(payload);
      if (e.success && e.data.streamId === streamId) put(e.data.giveaway);
    };
    const entries = (payload: unknown) => {
      const e = giveawayEntriesEvent.safeParse(payload);
      if (!e.success || e.data.streamId !== streamId) return;
      client.setQueryData<ShowGiveawaysResponse>(key, (old) =>
        old
          ? {
              giveaways: old.giveaways.map((g) =>
                g.id === e.data.giveawayId && g.status === 'running'
                  ? { ...g, entrantsCount: Math.max(g.entrantsCount, e.data.entrantsCount) }
                  : g,
              ),
            }
          : old,
      );
      // No read again here: the count only grows and comes again within a second or so, so an older
      // read's count is soon replaced (and a busy show's stream of counts would keep cancelling it).
    };
    const drawn = (payload: unknown) => {
      const e = giveawayDrawnEvent.safeParse(payload);
      if (!e.success || e.data.streamId !== streamId) return;
      put(e.data.giveaway);
      onDrawn?.(e.data.giveaway);
    };
    socket.on(giveawaySocketEvents.started, started);
    socket.on(giveawaySocketEvents.entries, entries);
    socket.on(giveawaySocketEvents.drawn, drawn);
    return () => {
      socket.off(giveawaySocketEvents.started, started);
      socket.off(giveawaySocketEvents.entries, entries);
      socket.off(giveawaySocketEvents.drawn, drawn);
    };
  }, [socket, streamId, client, onDrawn]);

  const giveaways = query.data?.giveaways ?? [];
  return {
    query,
    giveaways,
    running: giveaways.find((g) => g.status === 'running') ?? null,
    /** The last one drawn (newest draw first). */
    lastDrawn:
      [...giveaways]
        .filter((g) => g.status === 'drawn' || g.status === 'no_entrants')
        .sort((a, b) => (b.record?.drawnAt ?? '').localeCompare(a.record?.drawnAt ?? ''))[0] ?? null,
    /** Replaces one giveaway with the server's answer (a start, a draw). */
    put: (g: Giveaway) =>
      client.setQueryData<ShowGiveawaysResponse>(giveawayKeys.show(streamId), (old) => ({
        giveaways: withGiveaway(old?.giveaways ?? [], g),
      })),
  };
}
