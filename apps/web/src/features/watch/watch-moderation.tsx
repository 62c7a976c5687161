import { slowModeWaitOf } from '@kasuwa/contracts';
import { type ReactNode, useCallback } from 'react';
import type { ChatItem } from '@/features/live-room/chat';
import type { LiveSocketLike, SendOutcome } from '@/features/live-room/live-socket';
import { type CommentAction, CommentMenu, SlowModeNotice } from '@/features/live-room/moderation-controls';
import { useCooldown, useRoomModeration } from '@/features/live-room/room-moderation';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * Issue 21 on the watch page: the room's moderation as this buyer meets it. A moderator gets a
 * menu on other viewers' comments (pin, remove, mute); everyone gets slow mode (a notice and the
 * Send button counting down; moderators are not slowed), the pinned comment, and, when muted, the
 * reason instead of a comment box.
 */
export function useWatchModeration({
  api,
  streamId,
  socket,
  buyerId,
  send,
}: {
  api: ApiClient;
  streamId: string;
  socket: LiveSocketLike | null;
  buyerId: string | null;
  send: (text: string) => Promise<SendOutcome> | null;
}) {
  const room = useRoomModeration({ api, streamId, socket, viewer: buyerId ?? 'anonymous' });
  const { left, start } = useCooldown();
  const slowed = room.slowModeSeconds > 0 && !room.moderator;
  const { slowModeSeconds, moderate } = room;

  const sendComment = useCallback(
    (text: string) => {
      const pending = send(text);
      if (!pending) return null;
      return pending.then((outcome) => {
        if (outcome.ok) {
          if (slowed) start(slowModeSeconds);
        } else {
          const wait = slowModeWaitOf(outcome.message);
          if (wait) start(wait);
        }
        return outcome;
      });
    },
    [send, slowed, slowModeSeconds, start],
  );

  const act = useCallback(
    async (action: Parameters<typeof moderate>[0], done: string) => {
      const outcome = await moderate(action);
      if (outcome.ok) toast.success(done);
      else toast.error('That did not work', outcome.message);
    },
    [moderate],
  );

  const commentActions = room.moderator
    ? (item: ChatItem): ReactNode => {
        if (item.kind !== 'comment' || item.author.role !== 'buyer') return null;
        const authorId = item.author._id;
        const actions: CommentAction[] = [
          {
            label: 'Pin comment',
            onSelect: () => void act({ action: 'pin', streamId, commentId: item.id }, 'Comment pinned'),
          },
          {
            label: 'Remove comment',
            danger: true,
            onSelect: () => void act({ action: 'remove', streamId, commentId: item.id }, 'Comment removed'),
          },
        ];
        if (authorId && authorId !== buyerId) {
          actions.push({
            label: `Mute ${item.author.name} for this show`,
            danger: true,
            onSelect: () =>
              void act({ action: 'mute', streamId, buyerId: authorId }, `${item.author.name} is muted`),
          });
        }
        return <CommentMenu label={`Moderate ${item.author.name}’s comment`} actions={actions} />;
      }
    : undefined;

  return {
    room,
    sendComment,
    cooldown: slowed ? left : 0,
    notice: slowed ? <SlowModeNotice seconds={room.slowModeSeconds} /> : null,
    commentActions,
    unpin: room.moderator ? () => void act({ action: 'unpin', streamId }, 'Comment unpinned') : undefined,
  };
}
