import type { SubSubVariant, SubVariant, Variant, VariantOption } from '@kasuwa/contracts';
import { DEFAULT_VARIANT_STOCK, MAX_PRODUCT_IMAGES, MAX_VARIANT_LEVELS } from '@kasuwa/contracts/limits';

/**
 * The product editor's variant builder (SPEC section 3 "Variants", section 4 "Variant structure") as
 * a pure reducer: up to three option levels; each option value makes a variant at its level under
 * every variant of the level above; deleting an option clears its level and every level below;
 * stock defaults to 1 and a parent's stock is the sum of its children's, never below 1. Each variant
 * keeps its own photos (uploaded URLs, first shown first) for as long as its option value exists.
 */

/** Photos one variant may carry: the contract allows as many as the product itself. */
export const MAX_VARIANT_PHOTOS = MAX_PRODUCT_IMAGES;

// The variant tree is the contract's (the schemas' output types: stock and lists always present).
export type { SubSubVariant, SubVariant, Variant, VariantOption };

export type VariantState = { options: VariantOption[]; variants: Variant[] };

/** Which variant a field edit is for: indexes down the tree (1 to 3 of them). */
export type VariantPath = [number] | [number, number] | [number, number, number];

export type VariantAction =
  | { type: 'addOption'; option: VariantOption }
  | { type: 'removeOption'; level: 1 | 2 | 3 }
  | { type: 'setOptionValues'; level: 1 | 2 | 3; values: string[] }
  | { type: 'renameOption'; level: 1 | 2 | 3; name: string }
  | { type: 'setPrice'; path: VariantPath; price: number | null }
  | { type: 'setStock'; path: VariantPath; stock: number }
  | { type: 'setSku'; path: [number, number, number]; sku: string }
  | { type: 'setImages'; path: VariantPath; images: string[] }
  | { type: 'applyToAll'; price?: number | null; stock?: number };

export const emptyVariants: VariantState = { options: [], variants: [] };

/** SKU of a third-level variant: its parents' values and its own, upper-cased, e.g. RED-XL-COTTON. */
export function generateSku(values: string[]): string {
  return values
    .map((v) =>
      v
        .trim()
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, ''),
    )
    .filter(Boolean)
    .join('-');
}

const cleanValues = (values: string[]) => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.trim();
    const key = v.toLowerCase();
    if (v && !seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  }
  return out;
};

const atLeastOne = (n: number) => Math.max(DEFAULT_VARIANT_STOCK, n);
const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

/** Rebuilds the tree from the options, keeping whatever the seller already typed for a surviving value. */
function build(options: VariantOption[], previous: Variant[]): Variant[] {
  const [o1, o2, o3] = options;
  if (!o1) return [];
  return o1.values.map((v1) => {
    const old1 = previous.find((p) => p.value === v1);
    const subVariants: SubVariant[] = o2
      ? o2.values.map((v2) => {
          const old2 = old1?.subVariants.find((p) => p.value === v2);
          const subSubVariants: SubSubVariant[] = o3
            ? o3.values.map((v3) => {
                const old3 = old2?.subSubVariants.find((p) => p.value === v3);
                return {
                  name: o3.name,
                  value: v3,
                  price: old3?.price ?? old2?.price ?? old1?.price ?? null,
                  stock: old3?.stock ?? DEFAULT_VARIANT_STOCK,
                  sku: old3?.sku ?? generateSku([v1, v2, v3]),
                  images: old3?.images ?? [],
                };
              })
            : [];
          return {
            name: o2.name,
            value: v2,
            price: old2?.price ?? old1?.price ?? null,
            stock: old2?.stock ?? DEFAULT_VARIANT_STOCK,
            images: old2?.images ?? [],
            subSubVariants,
          };
        })
      : [];
    return {
      name: o1.name,
      value: v1,
      price: old1?.price ?? null,
      totalStock: old1?.totalStock ?? DEFAULT_VARIANT_STOCK,
      images: old1?.images ?? [],
      subVariants,
    };
  });
}

/** Parents carry the sum of their children's stock, at least 1. */
function withTotals(variants: Variant[]): Variant[] {
  return variants.map((v) => {
    if (v.subVariants.length === 0) return { ...v, totalStock: atLeastOne(v.totalStock) };
    const subVariants = v.subVariants.map((s) =>
      s.subSubVariants.length === 0
        ? s
        : { ...s, stock: atLeastOne(sum(s.subSubVariants.map((x) => x.stock))) },
    );
    return { ...v, subVariants, totalStock: atLeastOne(sum(subVariants.map((s) => s.stock))) };
  });
}

function editAt(variants: Variant[], path: VariantPath, edit: <T extends object>(node: T) => T): Variant[] {
  const [i, j, k] = path;
  return variants.map((v, vi) => {
    if (vi !== i) return v;
    if (j === undefined) return edit(v);
    return {
      ...v,
      subVariants: v.subVariants.map((s, si) => {
        if (si !== j) return s;
        if (k === undefined) return edit(s);
        return { ...s, subSubVariants: s.subSubVariants.map((x, xi) => (xi === k ? edit(x) : x)) };
      }),
    };
  });
}

/** The variant a path names, if it exists. */
function nodeAt(variants: Variant[], [i, j, k]: VariantPath): { images: string[] } | undefined {
  const v = variants[i];
  if (j === undefined) return v;
  const s = v?.subVariants[j];
  return k === undefined ? s : s?.subSubVariants[k];
}

/** A variant's own photos ([] for a path that does not exist). */
export function imagesAt(state: VariantState, path: VariantPath): string[] {
  return nodeAt(state.variants, path)?.images ?? [];
}

/**
 * The photos a variant can pick from without uploading: the product's own, then every photo some
 * variant already carries, each once, in the order they appear.
 */
export function photoPool(productImages: readonly string[], state: VariantState): string[] {
  const pool = new Set(productImages);
  for (const v of state.variants) {
    for (const url of v.images) pool.add(url);
    for (const s of v.subVariants) {
      for (const url of s.images) pool.add(url);
      for (const x of s.subSubVariants) for (const url of x.images) pool.add(url);
    }
  }
  return [...pool];
}

/** Stock can only be set where it is not derived: on the lowest level that exists. */
function isLeaf(state: VariantState, path: VariantPath) {
  return path.length === state.options.length;
}

export function variantReducer(state: VariantState, action: VariantAction): VariantState {
  switch (action.type) {
    case 'addOption': {
      if (state.options.length >= MAX_VARIANT_LEVELS) return state;
      const values = cleanValues(action.option.values);
      if (!action.option.name.trim() || values.length === 0) return state;
      const options = [...state.options, { ...action.option, name: action.option.name.trim(), values }];
      return { options, variants: withTotals(build(options, state.variants)) };
    }
    case 'removeOption': {
      // Deleting a level deletes every level below it too: sub-variants live inside their parents.
      const options = state.options.slice(0, action.level - 1);
      return { options, variants: withTotals(build(options, state.variants)) };
    }
    case 'setOptionValues': {
      const current = state.options[action.level - 1];
      if (!current) return state;
      const values = cleanValues(action.values);
      if (values.length === 0) return variantReducer(state, { type: 'removeOption', level: action.level });
      const options = state.options.map((o, i) => (i === action.level - 1 ? { ...o, values } : o));
      return { options, variants: withTotals(build(options, state.variants)) };
    }
    case 'renameOption': {
      const name = action.name.trim();
      if (!name || !state.options[action.level - 1]) return state;
      const options = state.options.map((o, i) => (i === action.level - 1 ? { ...o, name } : o));
      const rename = <T extends { name: string }>(level: number, node: T): T =>
        level === action.level ? { ...node, name } : node;
      const variants = state.variants.map((v) => ({
        ...rename(1, v),
        subVariants: v.subVariants.map((s) => ({
          ...rename(2, s),
          subSubVariants: s.subSubVariants.map((x) => rename(3, x)),
        })),
      }));
      return { options, variants };
    }
    case 'setPrice': {
      if (action.price !== null && (!Number.isFinite(action.price) || action.price < 0)) return state;
      return {
        ...state,
        variants: editAt(state.variants, action.path, (n) => ({ ...n, price: action.price })),
      };
    }
    case 'setStock': {
      if (!isLeaf(state, action.path) || !Number.isInteger(action.stock) || action.stock < 0) return state;
      const key = action.path.length === 1 ? 'totalStock' : 'stock';
      return {
        ...state,
        variants: withTotals(editAt(state.variants, action.path, (n) => ({ ...n, [key]: action.stock }))),
      };
    }
    case 'setSku':
      return {
        ...state,
        variants: editAt(state.variants, action.path, (n) => ({ ...n, sku: action.sku.trim() })),
      };
    case 'setImages': {
      if (!nodeAt(state.variants, action.path)) return state;
      const images = [...new Set(action.images.map((url) => url.trim()).filter(Boolean))].slice(
        0,
        MAX_VARIANT_PHOTOS,
      );
      return { ...state, variants: editAt(state.variants, action.path, (n) => ({ ...n, images })) };
    }
    case 'applyToAll': {
      const { price, stock } = action;
      const priceOk = price === undefined || price === null || (Number.isFinite(price) && price >= 0);
      const stockOk = stock === undefined || (Number.isInteger(stock) && stock >= 0);
      if (!priceOk || !stockOk) return state;
      const depth = state.options.length;
      const variants = state.variants.map((v) => ({
        ...v,
        ...(price !== undefined ? { price } : {}),
        ...(stock !== undefined && depth === 1 ? { totalStock: stock } : {}),
        subVariants: v.subVariants.map((s) => ({
          ...s,
          ...(price !== undefined ? { price } : {}),
          ...(stock !== undefined && depth === 2 ? { stock } : {}),
          subSubVariants: s.subSubVariants.map((x) => ({
            ...x,
            ...(price !== undefined ? { price } : {}),
            ...(stock !== undefined && depth === 3 ? { stock } : {}),
          })),
        })),
      }));
      return { ...state, variants: withTotals(variants) };
    }
  }
}

/** The product's stock: the sum of its variants' totals (at least 1 when it has variants). */
export function productStock(state: VariantState): number | null {
  return state.variants.length === 0 ? null : atLeastOne(sum(state.variants.map((v) => v.totalStock)));
}
