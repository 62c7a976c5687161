import {
  type CommentPinnedEvent,
  commentPinnedEvent,
  commentRemovedEvent,
  type ModerationAction,
  moderationSocketEvents,
  mutedEvent,
  type RoomStateResponse,
  roomStateResponse,
  slowModeEvent,
  socketAck,
} from '@kasuwa/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { liveRoomKeys } from '@/features/live-room/live-room-queries';
import {
  type LiveSocketLike,
  MESSAGE_ACK_TIMEOUT_MS,
  messageNotSent,
  type SendOutcome,
} from '@/features/live-room/live-socket';
import type { ApiClient } from '@/lib/api-client';
import { readAgainIfReading } from '@/lib/read-again';

/*
 * Issue 21, the room as moderators see it: slow mode, the pinned comment, whether this buyer is a
 * moderator or muted (GET /streams/{id}/room), kept current by the socket's moderation events,
 * and `chat_moderate` (remove, mute, pin) with the server's verdict.
 */

export const roomModerationKeys = {
  /** Under the stream's key: a reconnection's refetch of the show brings it again. */
  room: (streamId: string, viewer: string) => [...liveRoomKeys.stream(streamId), 'room', viewer] as const,
  all: (streamId: string) => [...liveRoomKeys.stream(streamId), 'room'] as const,
};

export const roomModerationQueries = {
  room: (api: ApiClient, streamId: string, viewer: string) =>
    queryOptions({
      queryKey: roomModerationKeys.room(streamId, viewer),
      queryFn: async ({ signal }) =>
        roomStateResponse.parse(
          await api.get<unknown>(`/streams/${encodeURIComponent(streamId)}/room`, { signal }),
        ),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** Sends one `chat_moderate` and answers the server's verdict (or that it was not sent). */
export function sendModeration(
  socket: LiveSocketLike | null,
  action: ModerationAction,
): Promise<SendOutcome> {
  if (!socket) return Promise.resolve({ ok: false, message: messageNotSent });
  return new Promise<SendOutcome>((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, message: messageNotSent }), MESSAGE_ACK_TIMEOUT_MS);
    socket.emit(moderationSocketEvents.moderate, action, (answer: unknown) => {
      clearTimeout(timer);
      const ack = socketAck.safeParse(answer);
      resolve(!ack.success ? { ok: false, message: messageNotSent } : ack.data);
    });
  });
}

export interface RoomModeration {
  slowModeSeconds: number;
  pinnedComment: RoomStateResponse['pinnedComment'];
  /** This buyer may remove, mute and pin (the studio passes `seller` instead). */
  moderator: boolean;
  muted: boolean;
  /** Comments removed since the page opened (the server leaves them out of later reads). */
  removed: ReadonlySet<string>;
  moderate: (action: ModerationAction) => Promise<SendOutcome>;
}

/**
 * `viewer` keys the answer by who asks (a buyer's id, 'seller', or 'anonymous'), since `you`
 * depends on the token.
 */
export function useRoomModeration({
  api,
  streamId,
  socket,
  viewer,
}: {
  api: ApiClient;
  streamId: string;
  socket: LiveSocketLike | null;
  viewer: string;
}): RoomModeration {
  const client = useQueryClient();
  const query = useQuery(roomModerationQueries.room(api, streamId, viewer));
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (!socket) return;
    const update = (change: (room: RoomStateResponse) => RoomStateResponse) => {
      const queryKey = roomModerationKeys.all(streamId);
      client.setQueriesData<RoomStateResponse>({ queryKey }, (old) => (old ? change(old) : old));
      // Slow mode turned on while a reloaded page was still reading the room never reached that
      // buyer: the read's answer, from before, was all the page had.
      readAgainIfReading(client, { queryKey });
    };
    const handlers: [string, (raw: unknown) => void][] = [
      [
        moderationSocketEvents.commentRemoved,
        (raw) => {
          const e = commentRemovedEvent.safeParse(raw);
          if (!e.success || e.data.streamId !== streamId) return;
          setRemoved((old) => new Set(old).add(e.data.commentId));
        },
      ],
      [
        moderationSocketEvents.commentPinned,
        (raw) => {
          const e = commentPinnedEvent.safeParse(raw);
          if (!e.success || e.data.streamId !== streamId) return;
          const comment: CommentPinnedEvent['comment'] = e.data.comment;
          update((room) => ({ ...room, pinnedComment: comment }));
        },
      ],
      [
        moderationSocketEvents.slowMode,
        (raw) => {
          const e = slowModeEvent.safeParse(raw);
          if (!e.success || e.data.streamId !== streamId) return;
          update((room) => ({ ...room, slowModeSeconds: e.data.seconds }));
        },
      ],
      [
        moderationSocketEvents.muted,
        (raw) => {
          const e = mutedEvent.safeParse(raw);
          if (!e.success || e.data.streamId !== streamId) return;
          update((room) => (room.you ? { ...room, you: { ...room.you, muted: e.data.muted } } : room));
        },
      ],
    ];
    for (const [event, handler] of handlers) socket.on(event, handler);
    return () => {
      for (const [event, handler] of handlers) socket.off(event, handler);
    };
  }, [socket, streamId, client]);

  const moderate = useCallback((action: ModerationAction) => sendModeration(socket, action), [socket]);

  const data = query.data;
  return {
    slowModeSeconds: data?.slowModeSeconds ?? 0,
    pinnedComment: data?.pinnedComment && !removed.has(data.pinnedComment._id) ? data.pinnedComment : null,
    moderator: data?.you?.moderator ?? false,
    muted: data?.you?.muted ?? false,
    removed,
    moderate,
  };
}

/**
 * A countdown to when the next comment may go (slow mode): `start(seconds)` after a sent comment
 * or a refusal that names the wait; `left` is the whole seconds remaining (0: send away).
 */
export function useCooldown(now: () => number = Date.now) {
  const [until, setUntil] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (until === 0) return;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((until - now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setUntil(0);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [until, now]);
  const start = useCallback((seconds: number) => setUntil(seconds > 0 ? now() + seconds * 1000 : 0), [now]);
  return { left, start };
}
