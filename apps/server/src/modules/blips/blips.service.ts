import { randomUUID } from 'node:crypto';
import {
  type AdminBlipCommentBody,
  type AdminBlipCommentResponse,
  BLIP_CAPTION_FIELD,
  BLIP_POSTER_FIELD,
  BLIP_VIDEO_FIELD,
  BLIP_VIEW_WINDOW_HOURS,
  type Blip,
  type BlipComment,
  type BlipCommentsQuery,
  type BlipCommentsResponse,
  type BlipDetailsResponse,
  type BlipLikeResponse,
  type BlipReply,
  type BlipReplyResponse,
  type BlipUploadResponse,
  type BlipViewResponse,
  type BuyerBlipCommentResponse,
  blipCaptionSchema,
  type DeleteBlipResponse,
  MAX_BLIP_CAPTION_LENGTH,
  MAX_BLIP_DURATION_SECONDS,
  MAX_BLIP_POSTER_BYTES,
  MAX_BLIP_VIDEO_BYTES,
  MAX_REPLIES_SHOWN,
  type ProductStatus,
  type SellerBlipsQuery,
  type SellerBlipsResponse,
} from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
import type { BlipCommentRow } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, NotFoundError } from '@/lib/errors.ts';
import type { BlipsRepository, BlipView } from '@/modules/blips/blips.repository.ts';
import type { NewNotification, NotificationsService } from '@/modules/notifications/notifications.service.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { renderImageWithin } from '@/uploads/images.ts';
import { discard, type ReceivedFile, receiveForm } from '@/uploads/multipart-files.ts';
import { sniffVideo, type VideoType, videoDurationSeconds } from '@/uploads/videos.ts';

/** What anyone may see; blips of drafts and archived products are their owner's alone, like the products. */
const PUBLIC_PRODUCT_STATUSES: readonly ProductStatus[] = ['active', 'out_of_stock'];
const ALL_PRODUCT_STATUSES: readonly ProductStatus[] = ['active', 'draft', 'out_of_stock', 'archived'];
/** Long side of a poster: a full phone screen. */
const POSTER_MAX_SIDE = 1280;

const MEDIA_PREFIX = '/api/media/blips/';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MEDIA_FILE = new RegExp(`^(${UUID})/(${UUID})\\.(mp4|webm|mov|webp)$`);
const MEDIA_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  webp: 'image/webp',
};

const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key.replace(/^public\/blips\//, '')}`;
const toNaira = (kobo: number) => kobo / 100;

function toBlip({ blip, product, commentsCount }: BlipView): Blip {
  return {
    _id: blip.id,
    productId: blip.productId,
    sellerId: blip.sellerId,
    product: {
      _id: product.id,
      name: product.name,
      price: toNaira(product.priceKobo),
      image: product.images[0] ?? null,
    },
    videoUrl: mediaUrl(blip.videoKey),
    posterUrl: blip.posterKey ? mediaUrl(blip.posterKey) : null,
    caption: blip.caption,
    durationSeconds: blip.durationMs / 1000,
    likesCount: blip.likesCount,
    viewsCount: blip.viewsCount,
    commentsCount,
    createdAt: blip.createdAt.toISOString(),
  };
}

/**
 * Who is watching: a logged-in buyer, the id an anonymous browser keeps, or both (a browser that
 * watched before its buyer logged in).
 */
export type BlipViewer =
  | { buyerId: string; anonymousId?: string | undefined }
  | { buyerId?: undefined; anonymousId: string };
type BuyerRef = { id: string; name: string };

const VIEW_WINDOW_MS = BLIP_VIEW_WINDOW_HOURS * 60 * 60 * 1000;
/** Enough of a comment in a notification to know what it is about. */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

const author = (row: BlipCommentRow) => ({ kind: row.authorKind, name: row.authorName, id: row.authorId });

function toReply(row: BlipCommentRow): BlipReply {
  return {
    _id: row.id,
    parentCommentId: row.parentId ?? '',
    text: row.text,
    author: author(row),
    createdAt: row.createdAt.toISOString(),
  };
}

type Deps = {
  repo: BlipsRepository;
  storage: FileStorage;
  clock: Clock;
  notifications: Pick<NotificationsService, 'create' | 'createInTransaction'>;
};

export function blipsService({ repo, storage, clock, notifications }: Deps) {
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

  /** The blip, when it belongs to the product in the path and the viewer may see its product. */
  async function visibleBlip(productId: string, blipId: string, viewerId: string | null): Promise<BlipView> {
    const view = await repo.find(blipId);
    const visible =
      view &&
      view.blip.productId === productId &&
      (view.blip.sellerId === viewerId || PUBLIC_PRODUCT_STATUSES.includes(view.product.status));
    if (!visible) throw new NotFoundError('Blip');
    return view;
  }

  /** A blip buyers may see (its product is listed); anything else is 404, as if it did not exist. */
  async function publicBlip(blipId: string): Promise<BlipView> {
    const view = await repo.find(blipId);
    if (!view || !PUBLIC_PRODUCT_STATUSES.includes(view.product.status)) throw new NotFoundError('Blip');
    return view;
  }

  /** Checks the video and reads its length; a blip is short by definition. */
  async function checkVideo(file: ReceivedFile): Promise<{ type: VideoType; durationMs: number }> {
    const type = await sniffVideo(file);
    const seconds = await videoDurationSeconds(file.scratchPath, type);
    if (seconds === null) {
      throw new BadRequestError(
        "video: could not read the video's length; record it again or export it as MP4 and retry",
      );
    }
    if (seconds > MAX_BLIP_DURATION_SECONDS + 0.5) {
      throw new BadRequestError(
        `video: the video is ${Math.round(seconds)} seconds long; a blip can be at most ${MAX_BLIP_DURATION_SECONDS} seconds`,
      );
    }
    return { type, durationMs: Math.round(seconds * 1000) };
  }

  return {
    /**
     * POST /products/{productId}/blips. The files wait in the scratch folder until every check has
     * passed; a failure after they are stored removes them, so there is never a blip without its
     * video nor a video without its blip.
     */
    async upload(sellerId: string, productId: string, request: FastifyRequest): Promise<BlipUploadResponse> {
      const product = await repo.findProduct(productId);
      // Another seller's product answers as missing (BOLA).
      if (!product || product.sellerId !== sellerId) throw new NotFoundError('Product');

      const form = await receiveForm(request, {
        files: {
          [BLIP_VIDEO_FIELD]: { maxBytes: MAX_BLIP_VIDEO_BYTES, label: 'a video' },
          [BLIP_POSTER_FIELD]: { maxBytes: MAX_BLIP_POSTER_BYTES, label: 'a poster' },
        },
        // Room for surrounding spaces; the trimmed caption is checked below.
        text: { [BLIP_CAPTION_FIELD]: MAX_BLIP_CAPTION_LENGTH * 2 },
        scratchDir: storage.scratchDir,
      });
      const stored: string[] = [];
      try {
        const video = form.files.find((f) => f.field === BLIP_VIDEO_FIELD);
        if (!video) {
          throw new BadRequestError(
            `video is required: send the video in the multipart field "${BLIP_VIDEO_FIELD}"`,
          );
        }
        const caption = blipCaptionSchema.safeParse(form.text[BLIP_CAPTION_FIELD] ?? '');
        if (!caption.success) {
          throw new BadRequestError(caption.error.issues[0]?.message ?? 'caption is not valid');
        }
        const { type, durationMs } = await checkVideo(video);
        const posterFile = form.files.find((f) => f.field === BLIP_POSTER_FIELD);
        const poster = posterFile ? await renderImageWithin(posterFile, POSTER_MAX_SIDE) : null;

        const base = `public/blips/${sellerId}/${randomUUID()}`;
        const videoKey = `${base}.${type.ext}`;
        await storage.putFile(videoKey, video.scratchPath);
        stored.push(videoKey);
        let posterKey: string | null = null;
        if (poster) {
          posterKey = `public/blips/${sellerId}/${randomUUID()}.webp`;
          await storage.putBuffer(posterKey, poster);
          stored.push(posterKey);
        }
        const id = await repo.insert({
          sellerId,
          productId,
          videoKey,
          videoMime: type.mime,
          posterKey,
          caption: caption.data,
          durationMs,
          createdAt: clock.now(),
        });
        const view = await repo.find(id);
        if (!view) throw new NotFoundError('Blip');
        return { message: 'Blip uploaded successfully', blip: toBlip(view) };
      } catch (err) {
        await storage.delete(stored);
        throw err;
      } finally {
        await discard(form.files);
      }
    },

    async listForSeller(
      sellerId: string,
      viewerId: string | null,
      query: SellerBlipsQuery,
    ): Promise<SellerBlipsResponse> {
      const seller = await repo.sellerCard(sellerId);
      if (!seller) throw new NotFoundError('Seller');
      const statuses = viewerId === sellerId ? ALL_PRODUCT_STATUSES : PUBLIC_PRODUCT_STATUSES;
      const { views, total } = await repo.pageForSeller(
        sellerId,
        statuses,
        (query.page - 1) * query.limit,
        query.limit,
      );
      return {
        blips: views.map(toBlip),
        seller: { _id: seller.id, storeName: seller.storeName, storeAvatar: { url: seller.storeAvatarUrl } },
        currentPage: query.page,
        totalPages: Math.ceil(total / query.limit),
        totalBlips: total,
      };
    },

    async get(productId: string, blipId: string, viewerId: string | null): Promise<BlipDetailsResponse> {
      return { blip: toBlip(await visibleBlip(productId, blipId, viewerId)) };
    },

    async comments(
      productId: string,
      blipId: string,
      viewerId: string | null,
      query: BlipCommentsQuery,
    ): Promise<BlipCommentsResponse> {
      await visibleBlip(productId, blipId, viewerId);
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
        author: author(row),
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
      const view = await repo.find(params.blipId);
      if (!view || view.blip.productId !== params.productId || view.blip.sellerId !== sellerId) {
        throw new NotFoundError('Blip');
      }
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

    async delete(sellerId: string, productId: string, blipId: string): Promise<DeleteBlipResponse> {
      const view = await repo.find(blipId);
      if (!view || view.blip.productId !== productId || view.blip.sellerId !== sellerId) {
        throw new NotFoundError('Blip');
      }
      const row = await repo.delete(blipId, sellerId);
      if (!row) throw new NotFoundError('Blip');
      await storage.delete(row.posterKey ? [row.videoKey, row.posterKey] : [row.videoKey]);
      return { message: 'Blip deleted successfully', deletedBlip: { id: row.id } };
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
      return {
        message: `Comment added to blip ${blipId}`,
        comment: {
          _id: row.id,
          text: row.text,
          author: author(row),
          createdAt: row.createdAt.toISOString(),
          replies: [],
          repliesCount: 0,
        },
      };
    },

    /** GET /blips/{blipId}: the public blip page's blip; only blips of products buyers may see. */
    async getPublic(blipId: string): Promise<BlipDetailsResponse> {
      return { blip: toBlip(await publicBlip(blipId)) };
    },

    /** GET /blips/{blipId}/like: whether this buyer likes it (false for an anonymous viewer). */
    async likeState(blipId: string, buyerId: string | null): Promise<BlipLikeResponse> {
      const view = await publicBlip(blipId);
      const liked = buyerId ? await repo.isLikedBy(blipId, buyerId) : false;
      return { liked, likesCount: view.blip.likesCount };
    },

    /**
     * PUT /blips/{blipId}/like: idempotent. The seller hears of a buyer's like of a blip once,
     * not again after an unlike and a new like.
     */
    async like(buyer: BuyerRef, blipId: string): Promise<BlipLikeResponse> {
      const view = await publicBlip(blipId);
      // The like, the mark that the seller was told, and the notification commit together: a failed
      // notification must not leave a mark that stops the seller from ever hearing of this like.
      const { result, push } = await repo.transaction(async (tx) => {
        const liked = await repo.like(blipId, buyer.id, clock.now(), tx);
        if (!liked?.firstNotice) return { result: liked, push: () => {} };
        const staged = await notifications.createInTransaction(tx, view.blip.sellerId, {
          type: 'blip_like',
          message: `${buyer.name} liked your blip of ${view.product.name}`,
          data: { blipId, productId: view.blip.productId },
        });
        return { result: liked, push: staged.push };
      });
      if (!result) throw new NotFoundError('Blip');
      push();
      return { liked: true, likesCount: result.likesCount };
    },

    /** DELETE /blips/{blipId}/like: idempotent. */
    async unlike(buyer: BuyerRef, blipId: string): Promise<BlipLikeResponse> {
      await publicBlip(blipId);
      const result = await repo.unlike(blipId, buyer.id);
      if (!result) throw new NotFoundError('Blip');
      return { liked: false, likesCount: result.likesCount };
    },

    /**
     * POST /blips/{blipId}/views: a viewer counts once per blip in BLIP_VIEW_WINDOW_HOURS. A buyer
     * is one viewer on every device; an anonymous browser is one viewer by the id it keeps; a
     * browser seen anonymously and then logged in (or out) within the window is still one viewer.
     */
    async recordView(blipId: string, viewer: BlipViewer): Promise<BlipViewResponse> {
      await publicBlip(blipId);
      const browser = viewer.anonymousId ? `anon:${viewer.anonymousId}` : null;
      const [key, aliases] = viewer.buyerId
        ? [`buyer:${viewer.buyerId}`, browser ? [browser] : []]
        : [browser ?? '', []];
      const now = clock.now();
      const result = await repo.recordView(
        blipId,
        key,
        aliases,
        now,
        new Date(now.getTime() - VIEW_WINDOW_MS),
      );
      if (!result) throw new NotFoundError('Blip');
      return result;
    },

    /** POST /blips/{blipId}/comments: a buyer's comment; the seller is notified. */
    async buyerComment(buyer: BuyerRef, blipId: string, text: string): Promise<BuyerBlipCommentResponse> {
      const view = await publicBlip(blipId);
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
      return {
        message: 'Comment added successfully',
        comment: {
          _id: row.id,
          text: row.text,
          author: author(row),
          createdAt: row.createdAt.toISOString(),
          replies: [],
          repliesCount: 0,
        },
      };
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
      const view = await publicBlip(params.blipId);
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

    /** A blip's video or poster by its path below /api/media/blips/, with its content type. */
    async openMedia(path: string) {
      const match = MEDIA_FILE.exec(path);
      const found = match ? await storage.read(`public/blips/${path}`) : null;
      if (!match || !found) throw new NotFoundError('File');
      return { ...found, contentType: MEDIA_TYPES[match[3] ?? ''] ?? 'application/octet-stream' };
    },
  };
}
export type BlipsService = ReturnType<typeof blipsService>;
