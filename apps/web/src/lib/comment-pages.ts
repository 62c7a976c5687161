import type { BlipCommentsResponse, BlipReply } from '@kasuwa/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/** A blip thread's comments as react-query keeps them: one answer per page loaded. */
export type CommentPages = InfiniteData<BlipCommentsResponse, number>;

/**
 * Puts a new reply under its comment in the cached pages, so it shows without a reload; a reply
 * already there (the answer and a refetch racing) is not added twice.
 */
export function withReply(data: CommentPages | undefined, reply: BlipReply): CommentPages | undefined {
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
