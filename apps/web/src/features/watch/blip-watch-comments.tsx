import { type Blip, type BlipComment, MAX_BLIP_COMMENT_LENGTH } from '@kasuwa/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { postComment, postReply } from '@/features/watch/blip-watch-api';
import type { BuyerSession } from '@/features/watch/buyer-session';
import { watchKeys, watchQueries } from '@/features/watch/watch-queries';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { type CommentPages, withReply } from '@/lib/comment-pages';
import { Button } from '@/ui/button';
import {
  CommentForm,
  CommentRow,
  CommentsLoadError,
  CommentsLoading,
  useMinuteClock,
} from '@/ui/comment-thread';
import { LoadMoreButton } from '@/ui/load-more-button';

const tooLong = (what: string) => (length: number) =>
  `${what} can be at most ${MAX_BLIP_COMMENT_LENGTH} characters (${length})`;

/** The new comment on top of the first page, so it shows at once where the newest belong. */
function withComment(data: CommentPages | undefined, comment: BlipComment): CommentPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) =>
      index === 0
        ? {
            ...page,
            comments: [comment, ...page.comments],
            pagination: { ...page.pagination, total: page.pagination.total + 1 },
          }
        : page,
    ),
  };
}

export interface BlipWatchCommentsProps {
  api: ApiClient;
  blip: Blip;
  session: BuyerSession | null;
  /** Opens the log-in sheet, saying why. */
  askToLogIn: (reason: string) => void;
  /** A refused token: forget the session and ask again. */
  onSessionExpired: () => void;
  onLogOut: () => void;
}

/**
 * A blip's comments for buyers: everyone reads them (newest first, 10 at a time), a logged-in buyer
 * comments and replies in a thread; anyone else is asked to log in or sign up first.
 */
export function BlipWatchComments({
  api,
  blip,
  session,
  askToLogIn,
  onSessionExpired,
  onLogOut,
}: BlipWatchCommentsProps) {
  const headingId = useId();
  const now = useMinuteClock();
  const queryClient = useQueryClient();
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ where: string; message: string } | null>(null);

  const query = useInfiniteQuery(watchQueries.comments(api, blip));

  const refused = (error: unknown, where: string, again: string) => {
    if (isApiError(error) && error.status === 401) {
      onSessionExpired();
      askToLogIn(again);
      return;
    }
    setFailure({ where, message: error instanceof Error ? error.message : 'Not sent. Try again.' });
  };

  const comment = useMutation({
    mutationFn: (text: string) => postComment(api, blip._id, text),
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      queryClient.setQueryData<CommentPages>(watchKeys.comments(blip._id), (data) =>
        withComment(data, answer.comment),
      );
      queryClient.setQueryData<Blip>(watchKeys.blip(blip._id), (b) =>
        b ? { ...b, commentsCount: b.commentsCount + 1 } : b,
      );
    },
    onError: (error) => refused(error, 'comment', 'Your log-in has expired. Log in again to comment.'),
  });

  const reply = useMutation({
    mutationFn: ({ commentId, text }: { commentId: string; text: string }) =>
      postReply(api, blip._id, commentId, text),
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      queryClient.setQueryData<CommentPages>(watchKeys.comments(blip._id), (data) =>
        withReply(data, answer.reply),
      );
      setReplyingTo(null);
    },
    onError: (error, { commentId }) =>
      refused(error, commentId, 'Your log-in has expired. Log in again to reply.'),
  });

  const sent = (run: () => Promise<unknown>) => async () => {
    try {
      await run();
      return true;
    } catch {
      return false;
    }
  };

  // A comment posted while the buyer reads shifts the pages by one: show it once.
  const comments = [
    ...new Map((query.data?.pages.flatMap((page) => page.comments) ?? []).map((c) => [c._id, c])).values(),
  ];
  const total = query.data?.pages[0]?.pagination.total ?? blip.commentsCount;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 p-4">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-ink">
        <MessageCircle className="size-5 text-ink-muted" aria-hidden />
        Comments
        <span className="font-normal text-ink-muted text-sm tabular-nums">({total})</span>
      </h2>

      {session ? (
        <>
          <CommentForm
            label="Add a comment"
            submitLabel="Post comment"
            placeholder="Ask the seller about size, colour or delivery"
            maxLength={MAX_BLIP_COMMENT_LENGTH}
            tooLong={tooLong('Comments')}
            pending={comment.isPending}
            onSend={(text) => sent(() => comment.mutateAsync(text))()}
            footer={
              <p className="truncate text-ink-muted text-xs">
                {`As ${session.buyer.name} · `}
                <button
                  type="button"
                  onClick={onLogOut}
                  className="min-h-8 font-semibold text-brand-700 underline"
                >
                  Log out
                </button>
              </p>
            }
          />
          {failure?.where === 'comment' && (
            <p role="alert" className="text-danger-600 text-sm">
              {failure.message}
            </p>
          )}
        </>
      ) : (
        <Button
          variant="secondary"
          fullWidth
          onClick={() => askToLogIn('Log in or sign up to comment. It takes a few seconds.')}
        >
          Log in or sign up to comment
        </Button>
      )}

      <div aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <CommentsLoading />
        ) : query.isError && !query.data ? (
          <CommentsLoadError onRetry={() => void query.refetch()} />
        ) : comments.length === 0 ? (
          <p className="py-4 text-ink-muted text-sm">No comments yet. Be the first to ask!</p>
        ) : (
          <ul>
            {comments.map((item) => (
              <CommentRow
                key={item._id}
                comment={item}
                now={now}
                maxLength={MAX_BLIP_COMMENT_LENGTH}
                onReplyClick={() =>
                  session
                    ? setReplyingTo(item._id)
                    : askToLogIn('Log in or sign up to reply. It takes a few seconds.')
                }
                reply={
                  replyingTo === item._id && session
                    ? {
                        pending: reply.isPending,
                        onSend: (text) => sent(() => reply.mutateAsync({ commentId: item._id, text }))(),
                        onCancel: () => setReplyingTo(null),
                      }
                    : null
                }
              >
                {failure?.where === item._id && (
                  <p role="alert" className="mt-1 text-danger-600 text-sm">
                    {failure.message}
                  </p>
                )}
              </CommentRow>
            ))}
          </ul>
        )}
      </div>
      <LoadMoreButton pages={query} fullWidth>
        Load more comments
      </LoadMoreButton>
    </section>
  );
}
