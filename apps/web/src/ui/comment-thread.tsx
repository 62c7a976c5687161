import { clsx } from 'clsx';
import { Reply } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { formatRelativeTime } from '@/lib/relative-time';
import { Button } from '@/ui/button';

/*
 * The pieces of a blip's comment threads that the seller's blip details and the buyers' public
 * blip page share: who wrote it, when, the replies under it, and the box to write one.
 */

export interface ThreadAuthor {
  kind: 'buyer' | 'seller';
  name: string;
}

export interface ThreadReply {
  _id: string;
  text: string;
  author: ThreadAuthor;
  createdAt: string;
}

export interface ThreadComment extends ThreadReply {
  /** Oldest first; at most the last few of `repliesCount`. */
  replies: readonly ThreadReply[];
  repliesCount: number;
}

/** The time now, moving on every minute, so '2 minutes ago' does not stay '2 minutes ago'. */
export function useMinuteClock(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The author's name, with a Seller badge on the seller's own comments. */
export function CommentAuthor({ author }: { author: ThreadAuthor }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <span className="truncate font-semibold text-ink text-sm">{author.name}</span>
      {author.kind === 'seller' && (
        <span className="shrink-0 rounded-full bg-brand-50 px-1.5 py-0.5 font-medium text-brand-800 text-xs">
          Seller
        </span>
      )}
    </span>
  );
}

export function CommentTime({ at, now }: { at: string; now: Date }) {
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()} className="shrink-0 text-ink-muted text-xs">
      {formatRelativeTime(at, now)}
    </time>
  );
}

/** Author and time on one line, then the text. */
export function CommentBody({
  author,
  at,
  text,
  now,
}: {
  author: ThreadAuthor;
  at: string;
  text: string;
  now: Date;
}) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        <CommentAuthor author={author} />
        <CommentTime at={at} now={now} />
      </div>
      <p className="mt-1 whitespace-pre-line break-words text-ink text-sm">{text}</p>
    </>
  );
}

/** The replies shown under a comment, oldest first, and how many earlier ones are not shown. */
export function CommentReplies({
  authorName,
  replies,
  total,
  now,
}: {
  /** The comment's author, naming the list for screen readers. */
  authorName: string;
  replies: readonly ThreadReply[];
  total: number;
  now: Date;
}) {
  if (replies.length === 0) return null;
  const hidden = total - replies.length;
  return (
    <ul
      aria-label={`Replies to ${authorName}`}
      className="mt-2 flex flex-col gap-3 border-line border-l-2 pl-3"
    >
      {replies.map((reply) => (
        <li key={reply._id}>
          <CommentBody author={reply.author} at={reply.createdAt} text={reply.text} now={now} />
        </li>
      ))}
      {hidden > 0 && (
        <li className="text-ink-muted text-xs">{`${hidden} earlier ${hidden === 1 ? 'reply' : 'replies'} not shown`}</li>
      )}
    </ul>
  );
}

export const repliesCountText = (count: number) => (count === 1 ? '1 reply' : `${count} replies`);

/**
 * A labelled text box with a running count against `maxLength` and a send button; `onSend` gets
 * the trimmed text and answers whether it was sent, which empties the box.
 */
export function CommentForm({
  label,
  submitLabel,
  maxLength,
  tooLong: tooLongText,
  pending,
  onSend,
  onCancel,
  autoFocus = false,
  placeholder,
  footer,
}: {
  label: string;
  submitLabel: string;
  maxLength: number;
  /** What to say when the text is over the limit, given its length. */
  tooLong: (length: number) => string;
  pending: boolean;
  onSend: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  /** Only for a box opened on request (a Reply button), never on page load. */
  autoFocus?: boolean;
  placeholder?: string;
  /** Shown beside the count, e.g. who is writing. */
  footer?: ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const tooLong = text.length > maxLength;
  const empty = text.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || tooLong || pending) return;
    if (await onSend(text.trim())) setText('');
  }

  return (
    <form onSubmit={submit} className="mt-2 flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        rows={2}
        placeholder={placeholder}
        // biome-ignore lint/a11y/noAutofocus: only set for a box opened on request, not on page load.
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={`${id}-count`}
        className={clsx(
          'w-full rounded-control border bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-subtle',
          tooLong ? 'border-danger-600' : 'border-line-strong',
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2">
          <p
            id={`${id}-count`}
            className={clsx(
              'text-sm tabular-nums',
              tooLong ? 'font-medium text-danger-600' : 'text-ink-muted',
            )}
          >
            {tooLong ? tooLongText(text.length) : `${text.length}/${maxLength}`}
          </p>
          {footer}
        </div>
        <div className="flex gap-2">
          {onCancel && (
            <Button variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" loading={pending} disabled={empty || tooLong}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * One top-level comment in a thread: author, time and text, a Reply button (hidden while its box is
 * open) and the replies count, the replies under it, and the reply box when `reply` is given.
 */
export function CommentRow({
  comment,
  now,
  maxLength,
  onReplyClick,
  reply,
  children,
}: {
  comment: ThreadComment;
  now: Date;
  /** The longest reply the server takes. */
  maxLength: number;
  onReplyClick: () => void;
  /** The open reply box; null while it is closed. */
  reply: { pending: boolean; onSend: (text: string) => Promise<boolean>; onCancel: () => void } | null;
  /** Under the thread, e.g. why a reply failed. */
  children?: ReactNode;
}) {
  const name = comment.author.name;
  return (
    <li className="border-line border-b py-4 last:border-b-0">
      <article aria-label={`Comment by ${name}`}>
        <CommentBody author={comment.author} at={comment.createdAt} text={comment.text} now={now} />
        <div className="mt-1 flex items-center gap-3">
          {!reply && (
            <Button
              variant="ghost"
              size="sm"
              className="-ml-3 text-brand-700"
              onClick={onReplyClick}
              aria-label={`Reply to ${name}`}
            >
              <Reply className="size-4" aria-hidden />
              Reply
            </Button>
          )}
          {comment.repliesCount > 0 && (
            <span className="text-ink-muted text-xs">{repliesCountText(comment.repliesCount)}</span>
          )}
        </div>
        <CommentReplies authorName={name} replies={comment.replies} total={comment.repliesCount} now={now} />
        {reply && (
          <CommentForm
            label={`Reply to ${name}`}
            submitLabel="Send reply"
            maxLength={maxLength}
            tooLong={(length) => `Replies can be at most ${maxLength} characters (${length})`}
            pending={reply.pending}
            onSend={reply.onSend}
            onCancel={reply.onCancel}
            // The box opens because someone asked to reply: the cursor belongs in it.
            autoFocus
          />
        )}
        {children}
      </article>
    </li>
  );
}

/** Three grey lines while a thread's comments load. */
export function CommentsLoading() {
  return (
    <div role="status" aria-label="Loading comments" className="flex flex-col gap-4 py-4">
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex flex-col gap-2">
          <span className="h-4 w-1/3 animate-pulse rounded bg-line" />
          <span className="h-4 w-4/5 animate-pulse rounded bg-line" />
        </div>
      ))}
    </div>
  );
}

/** A thread whose comments could not be loaded, with a way to try again. */
export function CommentsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-2 py-4">
      <p className="text-ink-muted text-sm">We could not load the comments.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
