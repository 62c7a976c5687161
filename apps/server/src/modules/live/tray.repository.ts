import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { streamProducts, streams } from '@/db/schema/live.ts';
import { products } from '@/db/schema/products.ts';
import type { Queryable } from '@/lib/queryable.ts';

/** The queries of a show's tray and pin: the show's products as they are on sale now. */
export const trayRepository = {
  async stream(q: Queryable, id: string) {
    const [row] = await q
      .select({ id: streams.id, sellerId: streams.sellerId, pinnedProductId: streams.pinnedProductId })
      .from(streams)
      .where(eq(streams.id, id))
      .limit(1);
    return row ?? null;
  },

  /**
   * The products of a show in its order, read from the catalogue now (price, stock and variants
   * change after the show was made); a product auctioned per variant has a row per variant.
   */
  async showProducts(q: Queryable, streamId: string) {
    return q
      .select({
        productId: products.id,
        sellerId: products.sellerId,
        name: products.name,
        priceKobo: products.priceKobo,
        images: products.images,
        stock: products.stock,
        status: products.status,
        saleType: products.saleType,
        variants: products.variants,
        showImage: streamProducts.productImage,
      })
      .from(streamProducts)
      .innerJoin(products, eq(products.id, streamProducts.productId))
      .where(and(eq(streamProducts.streamId, streamId), isNotNull(streamProducts.productId)))
      .orderBy(asc(streamProducts.position));
  },

  async isInShow(q: Queryable, streamId: string, productId: string): Promise<boolean> {
    const [row] = await q
      .select({ id: streamProducts.id })
      .from(streamProducts)
      .where(and(eq(streamProducts.streamId, streamId), eq(streamProducts.productId, productId)))
      .limit(1);
    return row !== undefined;
  },

  async setPinned(q: Queryable, streamId: string, productId: string | null): Promise<void> {
    await q.update(streams).set({ pinnedProductId: productId }).where(eq(streams.id, streamId));
  },
};
export type TrayRepository = typeof trayRepository;
