import type { Product, TrayProduct } from '@kasuwa/contracts';

/*
 * A product as a buyer chooses it: the variant tree flattened into the tray's buyable combinations
 * (GET /streams/{id}/tray's shape). The blip page and the checkout page read the public product
 * answer, which carries the tree; both need the same flattening, so it lives here.
 */

export type Combination = TrayProduct['combinations'][number];

/**
 * The public product answer (GET /products/{id}) in the tray's shape. A level without its own price or photo takes the
 * nearest level's above it, else the product's.
 */
export function trayProductOf(product: Product): TrayProduct {
  const options = product.options.map((o) => ({ name: o.name, values: o.values }));
  const combinations: Combination[] = [];
  const firstImage = product.images[0] ?? null;
  for (const v1 of product.variants) {
    const p1 = v1.price ?? product.price;
    const i1 = v1.images[0] ?? firstImage;
    const c1 = { name: v1.name, value: v1.value };
    if (v1.subVariants.length === 0) {
      combinations.push({ variant: [c1], price: p1, stock: v1.totalStock, image: i1 });
      continue;
    }
    for (const v2 of v1.subVariants) {
      const p2 = v2.price ?? p1;
      const i2 = v2.images[0] ?? i1;
      const c2 = { name: v2.name, value: v2.value };
      if (v2.subSubVariants.length === 0) {
        combinations.push({ variant: [c1, c2], price: p2, stock: v2.stock, image: i2 });
        continue;
      }
      for (const v3 of v2.subSubVariants) {
        combinations.push({
          variant: [c1, c2, { name: v3.name, value: v3.value }],
          price: v3.price ?? p2,
          stock: v3.stock,
          image: v3.images[0] ?? i2,
        });
      }
    }
  }
  return {
    productId: product._id,
    name: product.name,
    image: firstImage,
    price: product.priceRange.min,
    maxPrice: product.priceRange.max,
    stock: product.stock,
    buyNow: product.saleType.buyNow && product.status === 'active',
    options,
    combinations,
    sellerId: product.sellerId,
  };
}
