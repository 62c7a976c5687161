import type { Product, ProductStatus } from '@kasuwa/contracts';
import type { VariantRecord } from '@/db/schema/index.ts';
import { toNaira } from '@/lib/naira.ts';
import type { ProductView } from '@/modules/products/products.repository.ts';

/** What anyone may see of a seller's catalogue; drafts and archived products are the owner's alone. */
export const PUBLIC_STATUSES: readonly ProductStatus[] = ['active', 'out_of_stock'];
export const ALL_STATUSES: readonly ProductStatus[] = ['active', 'draft', 'out_of_stock', 'archived'];

const toNairaOrNull = (kobo: number | null) => (kobo === null ? null : toNaira(kobo));

/**
 * The lowest and highest price a buyer can pay: over every variant that holds stock (the deepest
 * level), each at its own price, else the nearest level's above it, else the product's. The same
 * rule values the stock (product_stock_value_kobo, migration 0010).
 */
export function priceRangeKobo(priceKobo: number, variants: VariantRecord[]): { min: number; max: number } {
  const prices: number[] = [];
  for (const v of variants) {
    const p1 = v.priceKobo ?? priceKobo;
    if (v.subVariants.length === 0) prices.push(p1);
    for (const s of v.subVariants) {
      const p2 = s.priceKobo ?? p1;
      if (s.subSubVariants.length === 0) prices.push(p2);
      for (const x of s.subSubVariants) prices.push(x.priceKobo ?? p2);
    }
  }
  if (prices.length === 0) return { min: priceKobo, max: priceKobo };
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** A stored product as the API answers it: kobo become naira, the price range is worked out. */
export function toProduct({ row, category, subCategory }: ProductView): Product {
  return {
    _id: row.id,
    sellerId: row.sellerId,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    category,
    subCategoryId: row.subCategoryId,
    subCategory,
    price: toNaira(row.priceKobo),
    priceRange: (({ min, max }) => ({ min: toNaira(min), max: toNaira(max) }))(
      priceRangeKobo(row.priceKobo, row.variants),
    ),
    compareAtPrice: toNairaOrNull(row.compareAtPriceKobo),
    stock: row.stock,
    condition: row.condition,
    weightKg: row.weightKg,
    dimensionsCm: row.dimensionsCm,
    images: row.images,
    tags: row.tags,
    status: row.status,
    saleType: {
      buyNow: row.saleType.buyNow,
      auction: row.saleType.auction
        ? {
            startingBid: toNaira(row.saleType.auction.startingBidKobo),
            ...(row.saleType.auction.reservePriceKobo !== undefined
              ? { reservePrice: toNaira(row.saleType.auction.reservePriceKobo) }
              : {}),
          }
        : null,
    },
    options: row.options,
    variants: row.variants.map((v) => ({
      name: v.name,
      value: v.value,
      price: toNairaOrNull(v.priceKobo),
      totalStock: v.totalStock,
      images: v.images,
      subVariants: v.subVariants.map((s) => ({
        name: s.name,
        value: s.value,
        price: toNairaOrNull(s.priceKobo),
        stock: s.stock,
        images: s.images,
        subSubVariants: s.subSubVariants.map((x) => ({
          name: x.name,
          value: x.value,
          price: toNairaOrNull(x.priceKobo),
          stock: x.stock,
          sku: x.sku,
          images: x.images,
        })),
      })),
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
