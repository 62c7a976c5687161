import { MAX_BLIP_COMMENT_LENGTH } from '@kasuwa/contracts/limits';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { blipMessages, replyToComment } from '@/features/blips/blips-api';
import { blipKeys, blipQueries } from '@/features/blips/blips-queries';
import type { ApiClient } from '@/lib/api-client';
import { type CommentPages, withReply } from '@/lib/comment-pages';
import { toast } from '@/lib/toast';
import { CommentRow, CommentsLoadError, CommentsLoading, useMinuteClock } from '@/ui/comment-thread';
import { LoadMoreButton } from '@/ui/load-more-button';

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
  const now = useMinuteClock();
  const queryClient = useQueryClient();
  const [replyingTo, setReplyingTo] = useState<string | null>(null);

  const query = useInfiniteQuery(blipQueries.comments(api, productId, blipId));

  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(blipMessages.fetchCommentsFailed);
  }, [failedAt]);

  const reply = useMutation({
    mutationFn: ({ commentId, text }: { commentId: string; text: string }) =>
      replyToComment(api, productId, blipId, commentId, text),
    onSuccess: (answer) => {
      toast.success(blipMessages.replied);
      queryClient.setQueryData<CommentPages>(blipKeys.comments(blipId), (data) =>
        withReply(data, answer.reply),
      );
      setReplyingTo(null);
    },
    meta: { errorToast: blipMessages.replyFailed },
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
          <CommentsLoading />
        ) : query.isError && !query.data ? (
          <CommentsLoadError onRetry={() => void query.refetch()} />
        ) : unique.length === 0 ? (
          <p className="py-4 text-ink-muted text-sm">
            No comments yet. When buyers comment on this blip, you can answer them here.
          </p>
        ) : (
          <ul>
            {unique.map((comment) => (
              <CommentRow
                key={comment._id}
                comment={comment}
                now={now}
                maxLength={MAX_BLIP_COMMENT_LENGTH}
                onReplyClick={() => setReplyingTo(comment._id)}
                reply={
                  replyingTo === comment._id
                    ? {
                        pending: reply.isPending && reply.variables?.commentId === comment._id,
                        onSend: send(comment._id),
                        onCancel: () => setReplyingTo(null),
                      }
                    : null
                }
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
