import type { VariantRecord } from '@/db/schema/products.ts';
import type { VariantChoice } from '@/modules/orders/order-ports.ts';

/**
 * A product's variant tree read as what can be bought: each combination is a path from a level-1
 * variant down to the level that holds the stock (a variant without variants below it). Its price
 * and photo are its own, else the nearest level's above it, else the product's — the same rule as
 * the stock value (migration 0010).
 */
export type Combination = {
  variant: VariantChoice[];
  /** Index of each level's variant along the path, level 1 first. */
  path: number[];
  stock: number;
  priceKobo: number;
  image: string | null;
};

type Level = { name: string; value: string; priceKobo: number | null; images: string[] };

function combination(
  levels: Level[],
  path: number[],
  stock: number,
  product: { priceKobo: number; images: string[] },
): Combination {
  const nearest = [...levels].reverse();
  return {
    variant: levels.map((l) => ({ name: l.name, value: l.value })),
    path,
    stock,
    priceKobo: nearest.find((l) => l.priceKobo !== null)?.priceKobo ?? product.priceKobo,
    image: nearest.find((l) => l.images.length > 0)?.images[0] ?? product.images[0] ?? null,
  };
}

/** Every buyable combination of a product, in the seller's order; none for a product without variants. */
export function combinationsOf(product: {
  variants: VariantRecord[];
  priceKobo: number;
  images: string[];
}): Combination[] {
  const out: Combination[] = [];
  product.variants.forEach((v, i) => {
    if (v.subVariants.length === 0) {
      out.push(combination([v], [i], v.totalStock, product));
      return;
    }
    v.subVariants.forEach((s, j) => {
      if (s.subSubVariants.length === 0) {
        out.push(combination([v, s], [i, j], s.stock, product));
        return;
      }
      s.subSubVariants.forEach((x, k) => {
        out.push(combination([v, s, x], [i, j, k], x.stock, product));
      });
    });
  });
  return out;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Joins a combination's values the same way wherever a variant is a key ('' for none). */
export const variantKeyOf = (variant: readonly VariantChoice[]) =>
  variant.map((v) => `${v.name.trim().toLowerCase()}=${v.value.trim().toLowerCase()}`).join('|');

/**
 * The combination a buyer chose, or why it is not one: `unknown` (no such values) or `incomplete`
 * (a level is missing: its option name is given, so the answer can say "Choose a Size").
 */
export function findCombination(
  product: { variants: VariantRecord[]; priceKobo: number; images: string[] },
  chosen: readonly VariantChoice[],
):
  | { ok: true; combination: Combination }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'incomplete'; level: string } {
  const all = combinationsOf(product);
  const match = all.find(
    (c) =>
      c.variant.length === chosen.length &&
      c.variant.every((v, i) => {
        const pick = chosen[i];
        return pick !== undefined && same(v.name, pick.name) && same(v.value, pick.value);
      }),
  );
  if (match) return { ok: true, combination: match };
  const deeper = all.find(
    (c) =>
      c.variant.length > chosen.length &&
      chosen.every((pick, i) => {
        const v = c.variant[i];
        return v !== undefined && same(v.name, pick.name) && same(v.value, pick.value);
      }),
  );
  const level = deeper?.variant[chosen.length]?.name;
  return level !== undefined ? { ok: false, reason: 'incomplete', level } : { ok: false, reason: 'unknown' };
}

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

/**
 * The variant tree with `delta` units added to the combination at `path` (negative takes them
 * out). The levels above it become the sum of their children again, as variantRecords keeps them;
 * the "at least 1" of the seller's form is not applied, so a product can sell out.
 */
export function withStockChange(
  variants: VariantRecord[],
  path: readonly number[],
  delta: number,
): VariantRecord[] {
  const [i, j, k] = path;
  return variants.map((v, vi) => {
    if (vi !== i) return v;
    if (j === undefined) return { ...v, totalStock: v.totalStock + delta };
    const subVariants = v.subVariants.map((s, si) => {
      if (si !== j) return s;
      if (k === undefined) return { ...s, stock: s.stock + delta };
      const subSubVariants = s.subSubVariants.map((x, xi) =>
        xi === k ? { ...x, stock: x.stock + delta } : x,
      );
      return { ...s, subSubVariants, stock: sum(subSubVariants.map((x) => x.stock)) };
    });
    return { ...v, subVariants, totalStock: sum(subVariants.map((s) => s.stock)) };
  });
}

/** A product's stock from its variants: the level-1 totals added up. */
export const totalStockOf = (variants: VariantRecord[]) => sum(variants.map((v) => v.totalStock));
