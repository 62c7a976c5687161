import type { BlipComment, BlipCommentsResponse, BlipReply } from '@kasuwa/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { MessageCircle, Reply } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  BLIP_LIMITS,
  blipCommentsKey,
  blipMessages,
  failureDetail,
  fetchBlipComments,
  replyToComment,
} from '@/features/blips/blips-api';
import type { ApiClient } from '@/lib/api-client';
import { formatRelativeTime } from '@/lib/relative-time';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { LoadMoreButton } from '@/ui/load-more-button';

/** The time now, moving on every minute, so '2 minutes ago' does not stay '2 minutes ago'. */
function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

type CommentPages = InfiniteData<BlipCommentsResponse, number>;

/** Puts a new reply under its thread in the cached pages, so it shows without a reload. */
function withReply(data: CommentPages | undefined, reply: BlipReply): CommentPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      comments: page.comments.map((comment) =>
        comment._id === reply.parentCommentId && !comment.replies.some((r) => r._id === reply._id)
          ? { ...comment, replies: [...comment.replies, reply], repliesCount: comment.repliesCount + 1 }
          : comment,
      ),
    })),
  };
}

function Author({ author }: { author: BlipComment['author'] }) {
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

function When({ at, now }: { at: string; now: Date }) {
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()} className="shrink-0 text-ink-muted text-xs">
      {formatRelativeTime(at, now)}
    </time>
  );
}

function ReplyForm({
  author,
  pending,
  onSend,
  onCancel,
}: {
  author: string;
  pending: boolean;
  onSend: (text: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const tooLong = text.length > BLIP_LIMITS.maxCommentLength;
  const empty = text.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || tooLong || pending) return;
    if (await onSend(text.trim())) setText('');
  }

  return (
    <form onSubmit={submit} className="mt-2 flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {`Reply to ${author}`}
      </label>
      <textarea
        id={id}
        value={text}
        rows={2}
        // The box opens because the seller asked to reply: the cursor belongs in it.
        // biome-ignore lint/a11y/noAutofocus: opened on request, not on page load.
        autoFocus
        onChange={(event) => setText(event.target.value)}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={`${id}-count`}
        className={clsx(
          'w-full rounded-control border bg-surface px-3 py-2 text-base text-ink',
          tooLong ? 'border-danger-600' : 'border-line-strong',
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={`${id}-count`}
          className={clsx('text-sm tabular-nums', tooLong ? 'font-medium text-danger-600' : 'text-ink-muted')}
        >
          {tooLong
            ? `Replies can be at most ${BLIP_LIMITS.maxCommentLength} characters (${text.length})`
            : `${text.length}/${BLIP_LIMITS.maxCommentLength}`}
        </p>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" size="sm" loading={pending} disabled={empty || tooLong}>
            Send reply
          </Button>
        </div>
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  now,
  replying,
  onReplyToggle,
  pending,
  onSend,
}: {
  comment: BlipComment;
  now: Date;
  replying: boolean;
  onReplyToggle: (open: boolean) => void;
  pending: boolean;
  onSend: (text: string) => Promise<boolean>;
}) {
  const hidden = comment.repliesCount - comment.replies.length;
  return (
    <li className="border-line border-b py-4 last:border-b-0">
      <article aria-label={`Comment by ${comment.author.name}`}>
        <div className="flex items-baseline justify-between gap-2">
          <Author author={comment.author} />
          <When at={comment.createdAt} now={now} />
        </div>
        <p className="mt-1 whitespace-pre-line break-words text-ink text-sm">{comment.text}</p>
        <div className="mt-1 flex items-center gap-3">
          {!replying && (
            <Button
              variant="ghost"
              size="sm"
              className="-ml-3 text-brand-700"
              onClick={() => onReplyToggle(true)}
              aria-label={`Reply to ${comment.author.name}`}
            >
              <Reply className="size-4" aria-hidden />
              Reply
            </Button>
          )}
          {comment.repliesCount > 0 && (
            <span className="text-ink-muted text-xs">
              {comment.repliesCount === 1 ? '1 reply' : `${comment.repliesCount} replies`}
            </span>
          )}
        </div>
        {comment.replies.length > 0 && (
          <ul
            aria-label={`Replies to ${comment.author.name}`}
            className="mt-2 flex flex-col gap-3 border-line border-l-2 pl-3"
          >
            {comment.replies.map((reply) => (
              <li key={reply._id}>
                <div className="flex items-baseline justify-between gap-2">
                  <Author author={reply.author} />
                  <When at={reply.createdAt} now={now} />
                </div>
                <p className="mt-0.5 whitespace-pre-line break-words text-ink text-sm">{reply.text}</p>
              </li>
            ))}
            {hidden > 0 && (
              <li className="text-ink-muted text-xs">{`${hidden} earlier ${hidden === 1 ? 'reply' : 'replies'} not shown`}</li>
            )}
          </ul>
        )}
        {replying && (
          <ReplyForm
            author={comment.author.name}
            pending={pending}
            onSend={onSend}
            onCancel={() => onReplyToggle(false)}
          />
        )}
      </article>
    </li>
  );
}

/**
 * The blip's comments, newest first, 10 at a time with 'Load more comments' while the server says
 * there are more (SPEC section 3 "comments pagination"), each with its replies and a reply box.
 */
export function BlipComments({
  api,
  productId,
  blipId,
}: {
  api: ApiClient;
  productId: string;
  blipId: string;
}) {
  const headingId = useId();
  const now = useNow();
  const queryClient = useQueryClient();
  const [replyingTo, setReplyingTo] = useState<string | null>(null);

  const query = useInfiniteQuery({
    queryKey: blipCommentsKey(blipId),
    queryFn: ({ pageParam, signal }) => fetchBlipComments(api, productId, blipId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.currentPage + 1 : undefined),
  });

  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(blipMessages.fetchCommentsFailed);
  }, [failedAt]);

  const reply = useMutation({
    mutationFn: ({ commentId, text }: { commentId: string; text: string }) =>
      replyToComment(api, productId, blipId, commentId, text),
    onSuccess: (answer) => {
      toast.success(blipMessages.replied);
      queryClient.setQueryData<CommentPages>(blipCommentsKey(blipId), (data) =>
        withReply(data, answer.reply),
      );
      setReplyingTo(null);
    },
    onError: (error) => toast.error(blipMessages.replyFailed, failureDetail(error)),
  });

  const send = (commentId: string) => async (text: string) => {
    try {
      await reply.mutateAsync({ commentId, text });
      return true;
    } catch {
      return false;
    }
  };

  // A comment posted while the seller reads shifts the pages by one: show it once.
  const unique = [
    ...new Map((query.data?.pages.flatMap((page) => page.comments) ?? []).map((c) => [c._id, c])).values(),
  ];
  const total = query.data?.pages[0]?.pagination.total;

  return (
    <section aria-labelledby={headingId} className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-ink">
        <MessageCircle className="size-5 text-ink-muted" aria-hidden />
        Comments
        {total !== undefined && (
          <span className="font-normal text-ink-muted text-sm tabular-nums">({total})</span>
        )}
      </h2>
      <div aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <div role="status" aria-label="Loading comments" className="flex flex-col gap-4 py-4">
            {[0, 1, 2].map((key) => (
              <div key={key} className="flex flex-col gap-2">
                <span className="h-4 w-1/3 animate-pulse rounded bg-line" />
                <span className="h-4 w-4/5 animate-pulse rounded bg-line" />
              </div>
            ))}
          </div>
        ) : query.isError && !query.data ? (
          <div className="flex flex-col items-start gap-2 py-4">
            <p className="text-ink-muted text-sm">We could not load the comments.</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : unique.length === 0 ? (
          <p className="py-4 text-ink-muted text-sm">
            No comments yet. When buyers comment on this blip, you can answer them here.
          </p>
        ) : (
          <ul>
            {unique.map((comment) => (
              <CommentItem
                key={comment._id}
                comment={comment}
                now={now}
                replying={replyingTo === comment._id}
                onReplyToggle={(open) => setReplyingTo(open ? comment._id : null)}
                pending={reply.isPending && reply.variables?.commentId === comment._id}
                onSend={send(comment._id)}
              />
            ))}
          </ul>
        )}
      </div>
      <LoadMoreButton pages={query} fullWidth className="mt-2">
        Load more comments
      </LoadMoreButton>
    </section>
  );
}
