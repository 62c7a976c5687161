import type { Blip, BlipReply, ProductStatus } from '@kasuwa/contracts';
import type { BlipCommentRow } from '@/db/schema/index.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { toNaira } from '@/lib/naira.ts';
import type { BlipsRepository, BlipView } from '@/modules/blips/blips.repository.ts';

/** What anyone may see; blips of drafts and archived products are their owner's alone, like the products. */
export const PUBLIC_PRODUCT_STATUSES: readonly ProductStatus[] = ['active', 'out_of_stock'];
export const ALL_PRODUCT_STATUSES: readonly ProductStatus[] = ['active', 'draft', 'out_of_stock', 'archived'];

const MEDIA_PREFIX = '/api/media/blips/';
const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key.replace(/^public\/blips\//, '')}`;

/** A buyer as the blip services name them in comments and notifications. */
export type BuyerRef = { id: string; name: string };

export function toBlip({ blip, product, commentsCount }: BlipView): Blip {
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

export const commentAuthor = (row: BlipCommentRow) => ({
  kind: row.authorKind,
  name: row.authorName,
  id: row.authorId,
});

export function toReply(row: BlipCommentRow): BlipReply {
  return {
    _id: row.id,
    parentCommentId: row.parentId ?? '',
    text: row.text,
    author: commentAuthor(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who may see which blip: the one rule the seller's, the comments' and the reactions' services share. */
export function blipAccess(repo: BlipsRepository) {
  return {
    /** The blip, when it belongs to the product in the path and the viewer may see its product. */
    async visible(productId: string, blipId: string, viewerId: string | null): Promise<BlipView> {
      const view = await repo.find(blipId);
      const visible =
        view &&
        view.blip.productId === productId &&
        (view.blip.sellerId === viewerId || PUBLIC_PRODUCT_STATUSES.includes(view.product.status));
      if (!visible) throw new NotFoundError('Blip');
      return view;
    },

    /** A blip buyers may see (its product is listed); anything else is 404, as if it did not exist. */
    async public(blipId: string): Promise<BlipView> {
      const view = await repo.find(blipId);
      if (!view || !PUBLIC_PRODUCT_STATUSES.includes(view.product.status)) throw new NotFoundError('Blip');
      return view;
    },

    /** The seller's own blip under the product in the path; another seller's answers as missing (BOLA). */
    async own(sellerId: string, productId: string, blipId: string): Promise<BlipView> {
      const view = await repo.find(blipId);
      if (!view || view.blip.productId !== productId || view.blip.sellerId !== sellerId) {
        throw new NotFoundError('Blip');
      }
      return view;
    },
  };
}
