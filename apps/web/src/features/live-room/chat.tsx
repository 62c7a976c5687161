import { MAX_STREAM_COMMENT_LENGTH } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { Megaphone, Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { FeedItem } from '@/features/live-room/live-room';
import type { SendOutcome } from '@/features/live-room/live-socket';
import { Button } from '@/ui/button';

/* The pieces of a show's live chat that the seller's studio and the buyers' watch page share. */

/** Keeps a list scrolled to its newest entry, unless the reader scrolled up to read. */
export function useStickToBottom(count: number) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list || count === 0) return;
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 120;
    if (nearBottom) list.scrollTop = list.scrollHeight;
  }, [count]);
  return ref;
}

export type ChatItem = Extract<FeedItem, { kind: 'comment' | 'announcement' }>;

/** The comments and announcements of a show's feed, in order. */
export const chatItems = (items: FeedItem[]) =>
  items.filter((i): i is ChatItem => i.kind === 'comment' || i.kind === 'announcement');

/**
 * One comment (its author's name, a Seller badge on the seller's) or one announcement (on a tinted
 * band, with the word 'Announcement:' first when `labelAnnouncement`).
 */
export function ChatMessage({
  item,
  labelAnnouncement = false,
  actions,
}: {
  item: ChatItem;
  labelAnnouncement?: boolean;
  /** issue 21: a moderator's menu for this comment (moderation-controls.tsx). */
  actions?: ReactNode;
}) {
  if (item.kind === 'announcement') {
    return (
      <li className="flex gap-2 rounded-control bg-brand-50 px-3 py-2 text-brand-800 text-sm">
        <Megaphone className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {labelAnnouncement && <span className="font-semibold">Announcement: </span>}
          {item.content}
        </span>
      </li>
    );
  }
  const text = (
    <>
      <span className="font-semibold text-ink">{item.author.name}</span>
      {item.author.role === 'seller' && (
        <span className="ml-1 rounded bg-ink px-1 py-0.5 font-semibold text-[10px] text-white uppercase">
          Seller
        </span>
      )}{' '}
      <span className="break-words text-ink-muted">{item.content}</span>
    </>
  );
  if (!actions) return <li className="text-sm">{text}</li>;
  return (
    <li className="flex items-start gap-1 text-sm">
      <span className="min-w-0 flex-1">{text}</span>
      {actions}
    </li>
  );
}

/**
 * The state of a chat box: `submit` sends the text (nothing when `send` answers null), clears it
 * once the server acknowledged it, and keeps it with the server's message when it did not.
 */
export function useChatSender(send: (text: string) => Promise<SendOutcome> | null) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const pending = send(text);
    if (!pending) return;
    setSending(true);
    setError(null);
    const outcome = await pending;
    setSending(false);
    if (outcome.ok) setText('');
    else setError(outcome.message);
  }

  return { text, setText, sending, error, submit };
}

/** The text box and Send button of a chat box, and the error of the last send under them. */
export function ChatInput({
  id,
  sender,
  placeholder,
  canSend,
  children,
  cooldown = 0,
}: {
  /** The id the box's visible label points at. */
  id: string;
  sender: ReturnType<typeof useChatSender>;
  placeholder: string | undefined;
  canSend: boolean;
  /** Shown between the box and the error, e.g. why nothing can be sent yet. */
  children?: ReactNode;
  /** issue 21: slow mode's seconds until the next comment may go; the Send button counts them down. */
  cooldown?: number;
}) {
  return (
    <>
      <div className="flex gap-2">
        <input
          id={id}
          value={sender.text}
          onChange={(e) => sender.setText(e.target.value)}
          maxLength={MAX_STREAM_COMMENT_LENGTH}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="send"
          className={clsx(
            'min-h-11 min-w-0 flex-1 rounded-control border border-line-strong bg-surface px-3 text-base text-ink',
            'placeholder:text-ink-subtle',
          )}
        />
        <Button
          type="submit"
          aria-label={cooldown > 0 ? `Send in ${cooldown} seconds` : 'Send'}
          loading={sender.sending}
          disabled={!canSend || sender.text.trim() === '' || cooldown > 0}
        >
          {cooldown > 0 ? (
            <span className="min-w-5 tabular-nums">{cooldown}s</span>
          ) : (
            <Send className="size-4" aria-hidden />
          )}
        </Button>
      </div>
      {children}
      {sender.error && (
        <p role="alert" className="mt-1 text-danger-600 text-sm">
          {sender.error}
        </p>
      )}
    </>
  );
}
