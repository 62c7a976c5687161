import {
  type AdminBlipCommentBody,
  type AdminBlipCommentResponse,
  type BlipComment,
  type BlipCommentsQuery,
  type BlipCommentsResponse,
  type BlipReplyResponse,
  type BuyerBlipCommentResponse,
  MAX_REPLIES_SHOWN,
} from '@kasuwa/contracts';
import type { BlipCommentRow } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { type BuyerRef, blipAccess, commentAuthor, toReply } from '@/modules/blips/blip-view.ts';
import type { BlipsRepository } from '@/modules/blips/blips.repository.ts';
import type { NewNotification, NotificationsService } from '@/modules/notifications/notifications.service.ts';

/** Enough of a comment in a notification to know what it is about. */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** A new top-level comment as the comment endpoints answer it: no replies yet. */
const newComment = (row: BlipCommentRow): BlipComment => ({
  _id: row.id,
  text: row.text,
  author: commentAuthor(row),
  createdAt: row.createdAt.toISOString(),
  replies: [],
  repliesCount: 0,
});

type Deps = {
  repo: BlipsRepository;
  clock: Clock;
  notifications: Pick<NotificationsService, 'createInTransaction'>;
};

/** A blip's comments and their threads: buyers comment and reply, the blip's seller replies. */
export function blipCommentsService({ repo, clock, notifications }: Deps) {
  const access = blipAccess(repo);

  /**
   * A buyer's comment and the seller's notification of it, in one transaction: a failure between
   * them leaves neither. The notification is pushed to the seller's sockets once both are committed.
   */
  async function commentAndNotify(
    values: Parameters<BlipsRepository['insertComment']>[0],
    sellerId: string,
    notice: NewNotification,
  ): Promise<BlipCommentRow> {
    const { row, push } = await repo.transaction(async (tx) => {
      const inserted = await repo.insertComment(values, tx);
      const staged = await notifications.createInTransaction(tx, sellerId, notice);
      return { row: inserted, push: staged.push };
    });
    push();
    return row;
  }

  return {
    async comments(
      productId: string,
      blipId: string,
      viewerId: string | null,
      query: BlipCommentsQuery,
    ): Promise<BlipCommentsResponse> {
      await access.visible(productId, blipId, viewerId);
      const { rows, total } = await repo.topLevelComments(
        blipId,
        (query.page - 1) * query.limit,
        query.limit,
      );
      const replies = await repo.replies(
        rows.map((r) => r.id),
        MAX_REPLIES_SHOWN,
      );
      const comments: BlipComment[] = rows.map((row) => ({
        _id: row.id,
        text: row.text,
        author: commentAuthor(row),
        createdAt: row.createdAt.toISOString(),
        replies: replies.rows.filter((r) => r.parentId === row.id).map(toReply),
        repliesCount: replies.counts.get(row.id) ?? 0,
      }));
      const pages = Math.ceil(total / query.limit);
      return { comments, pagination: { total, pages, currentPage: query.page, hasMore: query.page < pages } };
    },

    /** The blip's owner answers a comment; a reply to a reply joins the same thread. */
    async reply(
      sellerId: string,
      params: { productId: string; blipId: string; commentId: string },
      text: string,
    ): Promise<BlipReplyResponse> {
      await access.own(sellerId, params.productId, params.blipId);
      const comment = await repo.findComment(params.commentId);
      if (!comment || comment.blipId !== params.blipId) throw new NotFoundError('Comment');
      const seller = await repo.sellerCard(sellerId);
      if (!seller) throw new NotFoundError('Seller');
      const row = await repo.insertComment({
        blipId: params.blipId,
        parentId: comment.parentId ?? comment.id,
        authorKind: 'seller',
        authorId: sellerId,
        authorName: seller.storeName,
        text,
        createdAt: clock.now(),
      });
      return { message: 'Reply added successfully', reply: toReply(row) };
    },

    /**
     * A buyer's comment, written through the admin channel until buyers have accounts (demos and
     * e2e); the seller is notified as they will be for a real buyer's comment.
     */
    async addBuyerComment(blipId: string, body: AdminBlipCommentBody): Promise<AdminBlipCommentResponse> {
      const view = await repo.find(blipId);
      if (!view) throw new NotFoundError('Blip');
      const row = await commentAndNotify(
        {
          blipId,
          parentId: null,
          authorKind: 'buyer',
          authorId: null,
          authorName: body.authorName,
          text: body.text,
          createdAt: clock.now(),
        },
        view.blip.sellerId,
        {
          type: 'blip_comment',
          message: `${body.authorName} commented on your blip: "${body.text.slice(0, 80)}"`,
          data: { blipId, productId: view.blip.productId },
        },
      );
      return { message: `Comment added to blip ${blipId}`, comment: newComment(row) };
    },

    /** POST /blips/{blipId}/comments: a buyer's comment; the seller is notified. */
    async buyerComment(buyer: BuyerRef, blipId: string, text: string): Promise<BuyerBlipCommentResponse> {
      const view = await access.public(blipId);
      const row = await commentAndNotify(
        {
          blipId,
          parentId: null,
          authorKind: 'buyer',
          authorId: buyer.id,
          authorName: buyer.name,
          text,
          createdAt: clock.now(),
        },
        view.blip.sellerId,
        {
          type: 'blip_comment',
          message: `${buyer.name} commented on your blip of ${view.product.name}: "${excerpt(text)}"`,
          data: { blipId, productId: view.blip.productId },
        },
      );
      return { message: 'Comment added successfully', comment: newComment(row) };
    },

    /**
     * POST /blips/{blipId}/comments/{commentId}/replies: a buyer answers in a comment's thread (a
     * reply to a reply joins the same thread); the seller is notified as for a comment.
     */
    async buyerReply(
      buyer: BuyerRef,
      params: { blipId: string; commentId: string },
      text: string,
    ): Promise<BlipReplyResponse> {
      const view = await access.public(params.blipId);
      const comment = await repo.findComment(params.commentId);
      if (!comment || comment.blipId !== params.blipId) throw new NotFoundError('Comment');
      const row = await commentAndNotify(
        {
          blipId: params.blipId,
          parentId: comment.parentId ?? comment.id,
          authorKind: 'buyer',
          authorId: buyer.id,
          authorName: buyer.name,
          text,
          createdAt: clock.now(),
        },
        view.blip.sellerId,
        {
          type: 'blip_comment',
          message: `${buyer.name} replied on your blip of ${view.product.name}: "${excerpt(text)}"`,
          data: { blipId: params.blipId, productId: view.blip.productId },
        },
      );
      return { message: 'Reply added successfully', reply: toReply(row) };
    },
  };
}
export type BlipCommentsService = ReturnType<typeof blipCommentsService>;
