import {
  type CohostingResponse,
  type CohostResponse,
  type CommentPinnedEvent,
  type CommentRemovedEvent,
  containsMutedWord,
  MAX_STORE_MODERATORS,
  MODERATION_MESSAGES,
  type ModerationAction,
  type ModeratorsResponse,
  type MutedEvent,
  type MutedWordsResponse,
  moderationSocketEvents,
  type RoomStateResponse,
  type ShowModerationResponse,
  type SlowModeEvent,
  type SocketAck,
  type StoreModerationResponse,
  type StreamComment,
} from '@kasuwa/contracts';
import type { Database } from '@/db/client.ts';
import type { streamComments } from '@/db/schema/live.ts';
import type { SellerRow } from '@/db/schema/sellers.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import { type ModerationRepository, moderationRepository } from '@/modules/live/moderation.repository.ts';
import type { Realtime, SocketIdentity } from '@/plugins/realtime.ts';

type Show = NonNullable<Awaited<ReturnType<ModerationRepository['show']>>>;
type CommentRow = typeof streamComments.$inferSelect;

const toComment = (c: CommentRow): StreamComment => ({
  _id: c.id,
  kind: c.kind,
  author: { _id: c.authorId, name: c.authorName, role: c.authorKind },
  content: c.content,
  createdAt: c.createdAt.toISOString(),
});

/** The words kept once each (case-insensitively), in the seller's order. */
const distinctWords = (words: readonly string[]) => {
  const seen = new Set<string>();
  return words.filter((w) => {
    const key = w.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Issue 21, the seller's command of the room. Store-level: the moderators (buyers the seller
 * names) and the muted words. Per show: slow mode, the pinned comment, muted viewers and the
 * co-host. The live socket asks `commentPolicy` before it stores a comment, and `moderate` runs
 * what a moderator or the show's seller does to the room. A show of another seller answers like a
 * missing one; a moderator's powers hold only in the shows of the store that named them.
 */
export function moderationService({
  db,
  clock,
  events,
  repo = moderationRepository,
}: {
  db: Database;
  clock: Clock;
  events: Pick<Realtime, 'toStreamAndSeller' | 'toBuyer'>;
  repo?: ModerationRepository;
}) {
  const ownShow = async (sellerId: string, streamId: string): Promise<Show> => {
    const show = await repo.show(db, streamId);
    if (!show || show.sellerId !== sellerId) throw new NotFoundError('Stream');
    return show;
  };
  const openShow = async (sellerId: string, streamId: string): Promise<Show> => {
    const show = await ownShow(sellerId, streamId);
    if (show.status === 'ended') throw new ConflictError('This show has ended');
    return show;
  };
  const cohostOf = async (show: Show) => {
    if (!show.cohostSellerId) return null;
    const row = await repo.sellerById(db, show.cohostSellerId);
    return row ? { sellerId: row.id, storeName: row.storeName, email: row.email } : null;
  };
  const moderatorList = async (sellerId: string) =>
    (await repo.moderators(db, sellerId)).map((m) => ({
      buyerId: m.buyerId,
      name: m.name,
      addedAt: m.addedAt.toISOString(),
    }));

  /** Who may moderate this show: its seller, or a buyer the store named moderator. */
  const canModerate = async (identity: SocketIdentity, show: Show) => {
    if (identity.kind === 'seller') return identity.id === show.sellerId;
    if (identity.kind === 'buyer') return repo.isModerator(db, show.sellerId, identity.id);
    return false;
  };

  const pinnedEvent = (streamId: string, comment: StreamComment | null): CommentPinnedEvent => ({
    streamId,
    comment,
  });

  return {
    async storeSettings(seller: SellerRow): Promise<StoreModerationResponse> {
      return { moderators: await moderatorList(seller.id), mutedWords: await repo.mutedWords(db, seller.id) };
    },

    async addModerator(seller: SellerRow, buyerId: string): Promise<ModeratorsResponse> {
      const buyer = await repo.buyer(db, buyerId);
      if (!buyer) throw new NotFoundError('Buyer');
      const current = await repo.moderators(db, seller.id);
      if (current.some((m) => m.buyerId === buyerId)) {
        return {
          message: `${buyer.name} is already a moderator`,
          moderators: await moderatorList(seller.id),
        };
      }
      if (current.length >= MAX_STORE_MODERATORS) {
        throw new ConflictError(`A store can have at most ${MAX_STORE_MODERATORS} moderators`);
      }
      await repo.addModerator(db, seller.id, buyerId, clock.now());
      return { message: `${buyer.name} is now a moderator`, moderators: await moderatorList(seller.id) };
    },

    async removeModerator(seller: SellerRow, buyerId: string): Promise<ModeratorsResponse> {
      await repo.removeModerator(db, seller.id, buyerId);
      return { message: 'Moderator removed', moderators: await moderatorList(seller.id) };
    },

    async setMutedWords(seller: SellerRow, words: readonly string[]): Promise<MutedWordsResponse> {
      const kept = distinctWords(words);
      await repo.setMutedWords(db, seller.id, kept, clock.now());
      return { message: 'Muted words saved', mutedWords: kept };
    },

    async showSettings(seller: SellerRow, streamId: string): Promise<ShowModerationResponse> {
      const show = await ownShow(seller.id, streamId);
      return {
        slowModeSeconds: show.slowModeSeconds,
        cohost: await cohostOf(show),
        muted: await repo.mutedViewers(db, streamId),
      };
    },

    async setSlowMode(seller: SellerRow, streamId: string, seconds: number) {
      await openShow(seller.id, streamId);
      await repo.updateRoom(db, streamId, { slowModeSeconds: seconds });
      const event: SlowModeEvent = { streamId, seconds };
      events.toStreamAndSeller(streamId, seller.id, moderationSocketEvents.slowMode, event);
      return {
        message: seconds === 0 ? 'Slow mode off' : `Slow mode: one comment per ${seconds} s`,
        slowModeSeconds: seconds,
      };
    },

    async inviteCohost(seller: SellerRow, streamId: string, email: string): Promise<CohostResponse> {
      await openShow(seller.id, streamId);
      const cohost = await repo.sellerByEmail(db, email);
      if (!cohost) throw new BadRequestError('No seller account uses that e-mail');
      if (cohost.id === seller.id) throw new BadRequestError('You are already the host of this show');
      await repo.updateRoom(db, streamId, { cohostSellerId: cohost.id });
      return {
        message: `${cohost.storeName} can now run the product rail`,
        cohost: { sellerId: cohost.id, storeName: cohost.storeName, email: cohost.email },
      };
    },

    async removeCohost(seller: SellerRow, streamId: string): Promise<CohostResponse> {
      await ownShow(seller.id, streamId);
      await repo.updateRoom(db, streamId, { cohostSellerId: null });
      return { message: 'Co-host removed', cohost: null };
    },

    async cohosting(seller: SellerRow): Promise<CohostingResponse> {
      const rows = await repo.cohosting(db, seller.id);
      return {
        shows: rows.flatMap((r) =>
          r.status === 'ended'
            ? []
            : [
                {
                  streamId: r.streamId,
                  title: r.title,
                  type: r.type,
                  status: r.status,
                  hostStoreName: r.hostStoreName,
                  scheduledStartTime: r.scheduledStartTime.toISOString(),
                },
              ],
        ),
      };
    },

    /**
     * The host's account, for a co-host acting on the show's rail: only the invited seller, only
     * until the show ends. Anyone else is answered as if the show did not exist.
     */
    async hostForCohost(cohost: SellerRow, streamId: string): Promise<SellerRow> {
      const show = await repo.show(db, streamId);
      if (!show || show.cohostSellerId !== cohost.id) throw new NotFoundError('Stream');
      if (show.status === 'ended') throw new ConflictError('This show has ended. Co-hosting ended with it.');
      const host = await repo.sellerById(db, show.sellerId);
      if (!host) throw new NotFoundError('Stream');
      return host;
    },

    async room(streamId: string, buyerId: string | null): Promise<RoomStateResponse> {
      const show = await repo.show(db, streamId);
      if (!show) throw new NotFoundError('Stream');
      const pinned = show.pinnedCommentId ? await repo.comment(db, streamId, show.pinnedCommentId) : null;
      return {
        slowModeSeconds: show.slowModeSeconds,
        pinnedComment: pinned && !pinned.removedAt && !pinned.hidden ? toComment(pinned) : null,
        you: buyerId
          ? {
              moderator: await repo.isModerator(db, show.sellerId, buyerId),
              muted: await repo.isMuted(db, streamId, buyerId),
            }
          : null,
      };
    },

    /**
     * What the live socket asks before storing a comment: refused (muted, too early in slow
     * mode) or accepted, `hidden` when it has a muted word (only its sender will see it). The
     * show's seller and its moderators are neither slowed nor filtered.
     */
    async commentPolicy(comment: {
      streamId: string;
      sellerId: string;
      author: SocketIdentity;
      content: string;
    }): Promise<{ ok: false; message: string } | { ok: true; hidden: boolean }> {
      const { author } = comment;
      if (author.kind !== 'buyer') return { ok: true, hidden: false };
      if (await repo.isMuted(db, comment.streamId, author.id)) {
        return { ok: false, message: MODERATION_MESSAGES.muted };
      }
      if (await repo.isModerator(db, comment.sellerId, author.id)) return { ok: true, hidden: false };
      const show = await repo.show(db, comment.streamId);
      if (show && show.slowModeSeconds > 0) {
        const last = await repo.lastCommentAt(db, comment.streamId, author.id);
        if (last) {
          const waitMs = last.getTime() + show.slowModeSeconds * 1000 - clock.now().getTime();
          if (waitMs > 0)
            return { ok: false, message: MODERATION_MESSAGES.slowMode(Math.ceil(waitMs / 1000)) };
        }
      }
      const words = await repo.mutedWords(db, comment.sellerId);
      return { ok: true, hidden: containsMutedWord(comment.content, words) };
    },

    /** A moderator's or the show's seller's action on the room (`chat_moderate`). */
    async moderate(identity: SocketIdentity, action: ModerationAction): Promise<SocketAck> {
      const show = await repo.show(db, action.streamId);
      if (!show) return { ok: false, message: 'Stream not found' };
      if (!(await canModerate(identity, show)))
        return { ok: false, message: MODERATION_MESSAGES.notModerator };
      if (show.status === 'ended') return { ok: false, message: 'This show has ended' };
      const bySeller = identity.kind === 'seller';
      const actorId = identity.kind === 'viewer' ? '' : identity.id;
      const streamId = show.id;

      switch (action.action) {
        case 'remove': {
          const comment = await repo.comment(db, streamId, action.commentId);
          if (!comment || comment.removedAt || comment.kind !== 'comment') {
            return { ok: false, message: 'That comment is no longer there' };
          }
          if (!bySeller && comment.authorKind === 'seller') {
            return { ok: false, message: 'Moderators cannot remove the seller’s comments' };
          }
          await repo.removeComment(db, comment.id, clock.now());
          if (show.pinnedCommentId === comment.id) {
            await repo.updateRoom(db, streamId, { pinnedCommentId: null });
            events.toStreamAndSeller(
              streamId,
              show.sellerId,
              moderationSocketEvents.commentPinned,
              pinnedEvent(streamId, null),
            );
          }
          const event: CommentRemovedEvent = { streamId, commentId: comment.id };
          events.toStreamAndSeller(streamId, show.sellerId, moderationSocketEvents.commentRemoved, event);
          return { ok: true };
        }
        case 'mute':
        case 'unmute': {
          const buyer = await repo.buyer(db, action.buyerId);
          if (!buyer) return { ok: false, message: 'Viewer not found' };
          if (action.action === 'mute') {
            if (buyer.id === actorId) return { ok: false, message: 'You cannot mute yourself' };
            if (!bySeller && (await repo.isModerator(db, show.sellerId, buyer.id))) {
              return { ok: false, message: 'Only the seller can mute a moderator' };
            }
            await repo.mute(db, streamId, buyer.id, actorId, clock.now());
          } else {
            await repo.unmute(db, streamId, buyer.id);
          }
          const event: MutedEvent = { streamId, muted: action.action === 'mute' };
          events.toBuyer(buyer.id, moderationSocketEvents.muted, event);
          return { ok: true };
        }
        case 'pin': {
          const comment = await repo.comment(db, streamId, action.commentId);
          if (!comment || comment.removedAt || comment.hidden || comment.kind !== 'comment') {
            return { ok: false, message: 'That comment is no longer there' };
          }
          await repo.updateRoom(db, streamId, { pinnedCommentId: comment.id });
          events.toStreamAndSeller(
            streamId,
            show.sellerId,
            moderationSocketEvents.commentPinned,
            pinnedEvent(streamId, toComment(comment)),
          );
          return { ok: true };
        }
        case 'unpin': {
          await repo.updateRoom(db, streamId, { pinnedCommentId: null });
          events.toStreamAndSeller(
            streamId,
            show.sellerId,
            moderationSocketEvents.commentPinned,
            pinnedEvent(streamId, null),
          );
          return { ok: true };
        }
      }
    },
  };
}
export type ModerationService = ReturnType<typeof moderationService>;
