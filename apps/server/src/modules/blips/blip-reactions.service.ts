import { BLIP_VIEW_WINDOW_HOURS, type BlipLikeResponse, type BlipViewResponse } from '@kasuwa/contracts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { type BuyerRef, blipAccess } from '@/modules/blips/blip-view.ts';
import type { BlipsRepository } from '@/modules/blips/blips.repository.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';

/**
 * Who is watching: a logged-in buyer, the id an anonymous browser keeps, or both (a browser that
 * watched before its buyer logged in).
 */
export type BlipViewer =
  | { buyerId: string; anonymousId?: string | undefined }
  | { buyerId?: undefined; anonymousId: string };

const VIEW_WINDOW_MS = BLIP_VIEW_WINDOW_HOURS * 60 * 60 * 1000;

type Deps = {
  repo: BlipsRepository;
  clock: Clock;
  notifications: Pick<NotificationsService, 'createInTransaction'>;
  /** Analytics (issue 17): a counted view is a viewer-day of the blip's seller. */
  recordView?: ((view: { sellerId: string; viewer: string; at: Date }) => Promise<void>) | undefined;
};

/** How buyers react to a blip: likes (the seller hears of the first) and counted views. */
export function blipReactionsService({ repo, clock, notifications, recordView }: Deps) {
  const access = blipAccess(repo);

  return {
    /** GET /blips/{blipId}/like: whether this buyer likes it (false for an anonymous viewer). */
    async likeState(blipId: string, buyerId: string | null): Promise<BlipLikeResponse> {
      const view = await access.public(blipId);
      const liked = buyerId ? await repo.isLikedBy(blipId, buyerId) : false;
      return { liked, likesCount: view.blip.likesCount };
    },

    /**
     * PUT /blips/{blipId}/like: idempotent. The seller hears of a buyer's like of a blip once,
     * not again after an unlike and a new like.
     */
    async like(buyer: BuyerRef, blipId: string): Promise<BlipLikeResponse> {
      const view = await access.public(blipId);
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
      await access.public(blipId);
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
      const view = await access.public(blipId);
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
      if (recordView && key) await recordView({ sellerId: view.blip.sellerId, viewer: key, at: now });
      return result;
    },
  };
}
export type BlipReactionsService = ReturnType<typeof blipReactionsService>;
