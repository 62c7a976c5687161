import { type ReactNode, useId } from 'react';
import {
  ChatInput,
  type ChatItem,
  ChatMessage,
  chatItems,
  useChatSender,
  useStickToBottom,
} from '@/features/live-room/chat';
import type { FeedItem } from '@/features/live-room/live-room';
import type { SendOutcome } from '@/features/live-room/live-socket';
import { Button } from '@/ui/button';

export interface WatchChatProps {
  items: FeedItem[];
  /** Null when nobody is logged in: everyone reads, only buyers write. */
  buyerName: string | null;
  canWrite: boolean;
  send: (text: string) => Promise<SendOutcome> | null;
  onLogIn: () => void;
  onLogOut: () => void;
  /** The show is over: the comments stay readable, nobody is asked to log in to write or bid. */
  closed?: boolean;
  /** issue 21 (watch-moderation.tsx): removed comments, a moderator's menu, slow mode, a mute. */
  removed?: ReadonlySet<string>;
  commentActions?: ((item: ChatItem) => ReactNode) | undefined;
  cooldown?: number;
  notice?: ReactNode;
  /** Why this buyer cannot comment (muted), shown instead of the box. */
  blocked?: string | null;
}

/** The show's comments and announcements for everyone, and the comment box for buyers. */
export function WatchChat({
  items,
  buyerName,
  canWrite,
  send,
  onLogIn,
  onLogOut,
  closed = false,
  removed,
  commentActions,
  cooldown = 0,
  notice,
  blocked = null,
}: WatchChatProps) {
  const inputId = useId();
  const sender = useChatSender(send);
  const messages = chatItems(items).filter((m) => !removed?.has(m.id));
  const list = useStickToBottom(messages.length);

  return (
    <section
      aria-label="Live chat"
      className="flex min-h-0 flex-1 flex-col rounded-card bg-surface text-ink shadow-card"
    >
      <div className="flex items-center justify-between gap-2 border-line border-b px-4 py-2">
        <h2 className="font-semibold text-sm">{closed ? 'Chat' : 'Live chat'}</h2>
        {buyerName && (
          <p className="truncate text-ink-muted text-xs">
            {buyerName} ·{' '}
            <button
              type="button"
              onClick={onLogOut}
              className="min-h-8 font-semibold text-brand-700 underline"
            >
              Log out
            </button>
          </p>
        )}
      </div>
      {messages.length === 0 ? (
        <p className="flex-1 px-4 py-3 text-ink-muted text-sm">No comments yet. Say hello!</p>
      ) : (
        <ol
          ref={list}
          aria-label="Comments"
          className="flex max-h-72 flex-1 flex-col gap-2 overflow-y-auto px-4 py-3 lg:max-h-none"
        >
          {messages.map((item) => (
            <ChatMessage key={item.id} item={item} actions={commentActions?.(item)} />
          ))}
        </ol>
      )}
      {closed ? (
        <p className="border-line border-t p-3 text-ink-muted text-sm">
          The show has ended. The chat is closed.
        </p>
      ) : buyerName && blocked ? (
        <p role="status" className="border-line border-t p-3 text-ink-muted text-sm">
          {blocked}
        </p>
      ) : buyerName ? (
        <form onSubmit={sender.submit} className="border-line border-t p-3">
          <label htmlFor={inputId} className="mb-1 block font-medium text-sm">
            Comment
          </label>
          <ChatInput
            id={inputId}
            sender={sender}
            placeholder="Ask the seller something"
            canSend={canWrite}
            cooldown={cooldown}
          >
            {notice}
          </ChatInput>
        </form>
      ) : (
        <div className="border-line border-t p-3">
          <Button variant="secondary" fullWidth onClick={onLogIn}>
            Log in to comment and bid
          </Button>
        </div>
      )}
    </section>
  );
}
