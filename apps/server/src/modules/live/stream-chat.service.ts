import type { StreamCommentsResponse } from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import type { LiveRepository } from '@/modules/live/live.repository.ts';

/**
 * A show's chat: the comments and announcements the live socket accepted (live.socket.ts decides
 * who may say what, and how often), stored so a studio or watch page that (re)joins can read them.
 */
export function streamChatService({ repo, clock }: { repo: LiveRepository; clock: Clock }) {
  return {
    /** Stores one comment or announcement; its id and time go out with the socket's notification. */
    async post(message: {
      streamId: string;
      kind: 'comment' | 'announcement';
      author: { kind: 'buyer' | 'seller'; id: string; name: string };
      content: string;
      /** issue 21: it has a muted word; only its sender reads it. */
      hidden?: boolean;
    }): Promise<{ id: string; createdAt: Date }> {
      const createdAt = clock.now();
      const id = await repo.insertComment(repo.db, {
        streamId: message.streamId,
        kind: message.kind,
        authorKind: message.author.kind,
        authorId: message.author.id,
        authorName: message.author.name,
        content: message.content,
        createdAt,
        hidden: message.hidden ?? false,
      });
      return { id, createdAt };
    },

    /**
     * A show's recent comments and announcements (public), oldest first. Removed comments are
     * left out, and those with a muted word too, except for their sender (`viewerId`).
     */
    async recent(
      streamId: string,
      limit: number,
      viewerId: string | null = null,
    ): Promise<StreamCommentsResponse> {
      const row = await repo.findStream(repo.db, streamId);
      if (!row) throw new NotFoundError('Stream');
      const rows = await repo.recentComments(repo.db, streamId, limit, viewerId);
      return {
        comments: rows.map((c) => ({
          _id: c.id,
          kind: c.kind,
          author: { _id: c.authorId, name: c.authorName, role: c.authorKind },
          content: c.content,
          createdAt: c.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type StreamChatService = ReturnType<typeof streamChatService>;
