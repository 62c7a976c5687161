import {
  type PinProductResponse,
  PRODUCT_PINNED_EVENT,
  type ProductPinnedEvent,
  type TrayProduct,
  type TrayResponse,
} from '@kasuwa/contracts';
import type { Database } from '@/db/client.ts';
import type { SellerRow } from '@/db/schema/sellers.ts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import { toNaira } from '@/lib/naira.ts';
import { transactionsOf } from '@/lib/queryable.ts';
import type { LiveRepository } from '@/modules/live/live.repository.ts';
import type { LiveEvents } from '@/modules/live/live-announcer.ts';
import { lockOwnStream } from '@/modules/live/own-stream.ts';
import { type TrayRepository, trayRepository } from '@/modules/live/tray.repository.ts';
import { combinationsOf } from '@/modules/products/stock.variants.ts';

type ShowProduct = Awaited<ReturnType<TrayRepository['showProducts']>>[number];

/** A product as the tray offers it: its price range and stock over the combinations on sale. */
export function toTrayProduct(p: ShowProduct): TrayProduct {
  const combinations = combinationsOf(p);
  const prices = combinations.length > 0 ? combinations.map((c) => c.priceKobo) : [p.priceKobo];
  // Each level's values in the seller's order, once each, as the combinations have them.
  const options: TrayProduct['options'] = [];
  for (const c of combinations) {
    c.variant.forEach((v, level) => {
      const option = options[level] ?? { name: v.name, values: [] };
      options[level] = option;
      if (!option.values.includes(v.value)) option.values.push(v.value);
    });
  }
  return {
    productId: p.productId,
    name: p.name,
    image: p.images[0] ?? p.showImage,
    price: toNaira(Math.min(...prices)),
    maxPrice: toNaira(Math.max(...prices)),
    // Draft or archived since the show was made: shown, but nothing to buy.
    stock: p.status === 'active' || p.status === 'out_of_stock' ? p.stock : 0,
    buyNow: p.saleType.buyNow && p.status === 'active',
    options,
    combinations: combinations.map((c) => ({
      variant: c.variant,
      price: toNaira(c.priceKobo),
      stock: c.stock,
      image: c.image,
    })),
    sellerId: p.sellerId,
  };
}

/**
 * A show's product tray (what viewers can buy, read from the catalogue now) and the product the
 * seller pins: stored on the show, so a viewer who joins later sees it, and told to the show's
 * room at once as `product_pinned`.
 */
export function trayService({
  db,
  live,
  events,
  repo = trayRepository,
}: {
  db: Database;
  live: Pick<LiveRepository, 'lockSellerStream'>;
  events: Pick<LiveEvents, 'toStreamAndSeller'>;
  repo?: TrayRepository;
}) {
  const transaction = transactionsOf(db);
  return {
    async tray(streamId: string): Promise<TrayResponse> {
      const stream = await repo.stream(db, streamId);
      if (!stream) throw new NotFoundError('Stream');
      const seen = new Set<string>();
      const products: TrayProduct[] = [];
      // A product auctioned per variant has a row per variant; the tray offers it once.
      for (const p of await repo.showProducts(db, streamId)) {
        if (seen.has(p.productId)) continue;
        seen.add(p.productId);
        products.push(toTrayProduct(p));
      }
      return { products, pinnedProductId: stream.pinnedProductId };
    },

    async pin(seller: SellerRow, streamId: string, productId: string | null): Promise<PinProductResponse> {
      await transaction(async (tx) => {
        const show = await lockOwnStream(live, tx, seller.id, streamId);
        if (show.status === 'ended') throw new ConflictError('This show has ended');
        if (productId !== null && !(await repo.isInShow(tx, streamId, productId))) {
          throw new BadRequestError('That product is not in this show');
        }
        await repo.setPinned(tx, streamId, productId);
      });
      const event: ProductPinnedEvent = { streamId, productId };
      // The seller's other tabs (a second studio) hear it too.
      events.toStreamAndSeller(streamId, seller.id, PRODUCT_PINNED_EVENT, event);
      return { message: productId ? 'Product pinned' : 'Product unpinned', pinnedProductId: productId };
    },
  };
}
export type TrayService = ReturnType<typeof trayService>;
