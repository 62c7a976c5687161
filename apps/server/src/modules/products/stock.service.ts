import type { ProductStatus } from '@kasuwa/contracts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { NewNotification, NotificationsService } from '@/modules/notifications/notifications.service.ts';
import type { StockPort, VariantChoice } from '@/modules/orders/order-ports.ts';
import { type LockedProduct, stockRepository } from '@/modules/products/stock.repository.ts';
import {
  type Combination,
  findCombination,
  totalStockOf,
  withStockChange,
} from '@/modules/products/stock.variants.ts';

const label = (name: string, variant: readonly VariantChoice[]) =>
  variant.length === 0 ? name : `${name} — ${variant.map((v) => v.value).join(' / ')}`;

/** "Sold out" / "Only 2 left": the words a buyer's checkout shows as they are. */
export const notEnoughMessage = (available: number) =>
  available <= 0 ? 'Sold out' : `Only ${available} left`;

/** The stock a quantity moves: the product's, and the chosen combination's when it has variants. */
type Change = {
  product: LockedProduct;
  combination: Combination | null;
  variantBefore: number | null;
  variantAfter: number | null;
  productBefore: number;
  productAfter: number;
  status: ProductStatus;
};

function locate(product: LockedProduct, variant: readonly VariantChoice[]): Combination | null {
  if (product.variants.length === 0) {
    if (variant.length > 0) throw new BadRequestError(`${product.name} has no variants to choose`);
    return null;
  }
  const found = findCombination(product, variant);
  if (found.ok) return found.combination;
  if (found.reason === 'incomplete') throw new BadRequestError(`Choose a ${found.level} of ${product.name}`);
  throw new BadRequestError(`That variant of ${product.name} is not on sale`);
}

/** Applies `delta` units to the product (and its combination) and works out its status. */
function change(
  product: LockedProduct,
  combination: Combination | null,
  delta: number,
): Change & { variants: LockedProduct['variants'] } {
  const variants = combination
    ? withStockChange(product.variants, combination.path, delta)
    : product.variants;
  const productAfter = combination ? totalStockOf(variants) : product.stock + delta;
  // Draft and archived stay as the seller put them; only the on-sale statuses follow the stock.
  let status: ProductStatus = product.status;
  if (product.status === 'active' && productAfter === 0) status = 'out_of_stock';
  if (product.status === 'out_of_stock' && productAfter > 0) status = 'active';
  return {
    product,
    combination,
    variantBefore: combination?.stock ?? null,
    variantAfter: combination ? combination.stock + delta : null,
    productBefore: product.stock,
    productAfter,
    status,
    variants,
  };
}

/**
 * Stock held and put back for order lines (StockPort, order-ports.ts), and the seller's stock
 * notifications. Every change locks the product row in the caller's transaction, so concurrent
 * checkouts of the last units queue on it and never oversell; the notifications are stored in
 * that transaction and pushed by `afterCommit` once it has committed.
 */
export function stockService({
  notifications,
  repo = stockRepository,
}: {
  notifications: Pick<NotificationsService, 'createInTransaction'>;
  repo?: typeof stockRepository;
}) {
  async function notify(q: Queryable, sellerId: string, notices: NewNotification[]) {
    const pushes: Array<() => void> = [];
    for (const notice of notices)
      pushes.push((await notifications.createInTransaction(q, sellerId, notice)).push);
    return () => {
      for (const push of pushes) push();
    };
  }

  /** low_stock once per crossing: only the sale that takes the stock from above the threshold to it or below. */
  async function lowStockNotices(q: Queryable, c: Change, variant: readonly VariantChoice[]) {
    const threshold = await repo.lowStockThreshold(q, c.product.sellerId);
    const crossed = (before: number | null, after: number | null) =>
      before !== null && after !== null && before > threshold && after <= threshold;
    const data = { productId: c.product.id };
    if (crossed(c.variantBefore, c.variantAfter) && c.variantAfter !== null) {
      const name = label(c.product.name, variant);
      return [lowStock(name, c.variantAfter, data)];
    }
    if (crossed(c.productBefore, c.productAfter)) return [lowStock(c.product.name, c.productAfter, data)];
    return [];
  }

  const lowStock = (name: string, left: number, data: { productId: string }): NewNotification => ({
    type: 'low_stock',
    title: left === 0 ? 'Sold out' : 'Low stock',
    message: left === 0 ? `${name} is sold out.` : `${name} is running low: ${left} left.`,
    data,
  });

  const backInStock = (product: { id: string; name: string }, stock: number): NewNotification => ({
    type: 'back_in_stock',
    message: `${product.name} is back in stock: ${stock} available.`,
    data: { productId: product.id },
  });

  const port: StockPort = {
    async reserve(q, item) {
      if (!Number.isInteger(item.quantity) || item.quantity < 1) {
        throw new BadRequestError('Quantity must be at least 1');
      }
      const product = await repo.lockProduct(q, item.productId);
      // Another seller's product reads as missing, like every other id of theirs.
      if (!product || product.sellerId !== item.sellerId) throw new NotFoundError('Product');
      if (product.status === 'draft' || product.status === 'archived') {
        throw new ConflictError(`${product.name} is not on sale`);
      }
      const combination = locate(product, item.variant);
      const available = combination ? combination.stock : product.stock;
      if (available < item.quantity) throw new ConflictError(notEnoughMessage(available));
      const c = change(product, combination, -item.quantity);
      await repo.writeStock(q, product.id, { stock: c.productAfter, variants: c.variants, status: c.status });
      const afterCommit = await notify(q, product.sellerId, await lowStockNotices(q, c, item.variant));
      return {
        unitPriceKobo: combination?.priceKobo ?? product.priceKobo,
        productName: product.name,
        productImage: combination?.image ?? product.images[0] ?? null,
        afterCommit,
      };
    },

    async release(q, item) {
      if (item.quantity < 1) return;
      const product = await repo.lockProduct(q, item.productId);
      if (!product) return;
      let combination: Combination | null;
      try {
        combination = locate(product, item.variant);
      } catch {
        // The seller changed the variants since: there is no combination to put the units back in.
        return;
      }
      const c = change(product, combination, item.quantity);
      await repo.writeStock(q, product.id, { stock: c.productAfter, variants: c.variants, status: c.status });
      const notices =
        c.productBefore === 0 && c.productAfter > 0 ? [backInStock(product, c.productAfter)] : [];
      return { afterCommit: await notify(q, product.sellerId, notices) };
    },
  };

  return {
    ...port,

    /**
     * The seller edited the product (products.service update, in its transaction): back_in_stock
     * when it went from none to some. Answers the push to call after the commit.
     */
    async productEdited(
      q: Queryable,
      product: { id: string; sellerId: string; name: string },
      stockBefore: number,
      stockAfter: number,
    ): Promise<() => void> {
      const notices = stockBefore === 0 && stockAfter > 0 ? [backInStock(product, stockAfter)] : [];
      return notify(q, product.sellerId, notices);
    },
  };
}
export type StockService = ReturnType<typeof stockService>;
