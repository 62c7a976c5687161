import { MAX_STREAM_COMMENT_LENGTH } from '@kasuwa/contracts';
import { Megaphone, Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { FeedItem } from '@/lib/live-room';
import type { SendOutcome } from '@/lib/live-socket';
import { Button } from '@/ui/button';

export interface WatchChatProps {
  items: FeedItem[];
  /** Null when nobody is logged in: everyone reads, only buyers write. */
  buyerName: string | null;
  canWrite: boolean;
  send: (text: string) => Promise<SendOutcome> | null;
  onLogIn: () => void;
  onLogOut: () => void;
}

/** The show's comments and announcements for everyone, and the comment box for buyers. */
export function WatchChat({ items, buyerName, canWrite, send, onLogIn, onLogOut }: WatchChatProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messages = items.filter((i) => i.kind === 'comment' || i.kind === 'announcement');
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const el = list.current;
    if (el && messages.length > 0 && el.scrollHeight - el.scrollTop - el.clientHeight < 120)
      el.scrollTop = el.scrollHeight;
  }, [messages.length]);

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

  return (
    <section
      aria-label="Live chat"
      className="flex min-h-0 flex-1 flex-col rounded-card bg-surface text-ink shadow-card"
    >
      <div className="flex items-center justify-between gap-2 border-line border-b px-4 py-2">
        <h2 className="font-semibold text-sm">Live chat</h2>
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
          {messages.map((item) =>
            item.kind === 'announcement' ? (
              <li
                key={item.id}
                className="flex gap-2 rounded-control bg-brand-50 px-3 py-2 text-brand-800 text-sm"
              >
                <Megaphone className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>{item.content}</span>
              </li>
            ) : item.kind === 'comment' ? (
              <li key={item.id} className="text-sm">
                <span className="font-semibold">{item.author.name}</span>
                {item.author.role === 'seller' && (
                  <span className="ml-1 rounded bg-ink px-1 py-0.5 font-semibold text-[10px] text-white uppercase">
                    Seller
                  </span>
                )}{' '}
                <span className="break-words text-ink-muted">{item.content}</span>
              </li>
            ) : null,
          )}
        </ol>
      )}
      {buyerName ? (
        <form onSubmit={submit} className="border-line border-t p-3">
          <label htmlFor={inputId} className="mb-1 block font-medium text-sm">
            Comment
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={MAX_STREAM_COMMENT_LENGTH}
              placeholder="Ask the seller something"
              autoComplete="off"
              enterKeyHint="send"
              className="min-h-11 min-w-0 flex-1 rounded-control border border-line-strong bg-surface px-3 text-base"
            />
            <Button
              type="submit"
              aria-label="Send"
              loading={sending}
              disabled={!canWrite || text.trim() === ''}
            >
              <Send className="size-4" aria-hidden />
            </Button>
          </div>
          {error && (
            <p role="alert" className="mt-1 text-danger-600 text-sm">
              {error}
            </p>
          )}
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
