import type { VariantPath, VariantState } from '@/features/products/variant-builder';

/** One row of the variant editor's grid: a combination of option values, where stock is typed. */
export interface Combination {
  path: VariantPath;
  label: string;
  price: number | null;
  stock: number;
  sku: string | null;
  images: string[];
  /** The first-level variant it belongs to (itself at depth 1). */
  top: { value: string; images: string[] };
}

/** Every combination of the options: the lowest level of the variant tree, where stock is typed. */
export function combinationsOf(state: VariantState): Combination[] {
  const depth = state.options.length;
  const rows: Combination[] = [];
  state.variants.forEach((v, i) => {
    const top = { value: v.value, images: v.images };
    if (depth === 1) {
      rows.push({
        path: [i],
        label: v.value,
        price: v.price,
        stock: v.totalStock,
        sku: null,
        images: v.images,
        top,
      });
    }
    v.subVariants.forEach((s, j) => {
      if (depth === 2) {
        rows.push({
          path: [i, j],
          label: `${v.value} / ${s.value}`,
          price: s.price,
          stock: s.stock,
          sku: null,
          images: s.images,
          top,
        });
      }
      s.subSubVariants.forEach((x, k) => {
        rows.push({
          path: [i, j, k],
          label: `${v.value} / ${s.value} / ${x.value}`,
          price: x.price,
          stock: x.stock,
          sku: x.sku,
          images: x.images,
          top,
        });
      });
    });
  });
  return rows;
}
