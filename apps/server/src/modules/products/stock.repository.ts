import { eq, sql } from 'drizzle-orm';
import { sellerDeliverySettings } from '@/db/schema/orders.ts';
import { type NewProductRow, products } from '@/db/schema/products.ts';
import type { Queryable } from '@/lib/queryable.ts';

/** The seller's threshold when they have not set one (issue 14: "default 2"). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 2;

/** Stock queries; each runs in the caller's transaction, which the product row's lock lasts for. */
export const stockRepository = {
  /** The product as committed now, its row locked until the caller's transaction ends; null if none. */
  async lockProduct(q: Queryable, productId: string) {
    const [row] = await q
      .select({
        id: products.id,
        sellerId: products.sellerId,
        name: products.name,
        priceKobo: products.priceKobo,
        images: products.images,
        stock: products.stock,
        status: products.status,
        variants: products.variants,
      })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    return row ?? null;
  },

  async writeStock(
    q: Queryable,
    productId: string,
    values: Pick<NewProductRow, 'stock' | 'variants' | 'status'>,
  ): Promise<void> {
    await q
      .update(products)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
  },

  /** The seller's low-stock threshold (their delivery settings), or the default. */
  async lowStockThreshold(q: Queryable, sellerId: string): Promise<number> {
    const [row] = await q
      .select({ threshold: sellerDeliverySettings.lowStockThreshold })
      .from(sellerDeliverySettings)
      .where(eq(sellerDeliverySettings.sellerId, sellerId))
      .limit(1);
    return row?.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  },
};
export type StockRepository = typeof stockRepository;
export type LockedProduct = NonNullable<Awaited<ReturnType<StockRepository['lockProduct']>>>;
