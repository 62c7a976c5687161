import type { CreateProductBody, Product, ProductCondition, UpdateProductBody } from '@kasuwa/contracts';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import {
  emptyVariants,
  productStock,
  type Variant,
  type VariantOption,
} from '@/features/products/variant-builder';
import { parseNairaInput } from '@/lib/money';

/**
 * What the product form holds while the seller types. Numbers are kept as the text typed (so
 * '1,500.' survives a keystroke); the resolver turns the values into the contract's body and checks
 * it with the contract's own schema, whose field paths the form's names mirror so errors land under
 * the right field.
 */
export interface ProductFormValues {
  name: string;
  description: string;
  categoryId: string;
  subCategoryId: string;
  price: string;
  compareAtPrice: string;
  /** Only used without variants; with variants the stock is their sum. */
  stock: string;
  condition: ProductCondition;
  weightKg: string;
  dimensionsCm: { length: string; width: string; height: string };
  /** Uploaded photo URLs in display order; the first is the cover. */
  images: string[];
  tags: string[];
  saleType: {
    buyNow: boolean;
    auctionOn: boolean;
    auction: { startingBid: string; reservePrice: string };
  };
  options: VariantOption[];
  variants: Variant[];
}

export type ProductBody = CreateProductBody | UpdateProductBody;

export const emptyProductValues: ProductFormValues = {
  name: '',
  description: '',
  categoryId: '',
  subCategoryId: '',
  price: '',
  compareAtPrice: '',
  stock: '1',
  condition: 'new',
  weightKg: '',
  dimensionsCm: { length: '', width: '', height: '' },
  images: [],
  tags: [],
  saleType: { buyNow: true, auctionOn: false, auction: { startingBid: '', reservePrice: '' } },
  options: emptyVariants.options,
  variants: emptyVariants.variants,
};

/** Required numbers: '' becomes NaN so the schema reports it instead of a default filling it in. */
const required = (text: string) => parseNairaInput(text) ?? Number.NaN;
const nullable = (text: string) => parseNairaInput(text) ?? null;
const amountText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The request body the form's values stand for; status is added by the button pressed. */
export function toBody(values: ProductFormValues) {
  const hasVariants = values.variants.length > 0;
  const { length, width, height } = values.dimensionsCm;
  const anyDimension = [length, width, height].some((d) => d.trim() !== '');
  return {
    name: values.name,
    description: values.description,
    categoryId: values.categoryId,
    subCategoryId: values.subCategoryId,
    price: required(values.price),
    compareAtPrice: nullable(values.compareAtPrice),
    stock: hasVariants
      ? (productStock({ options: values.options, variants: values.variants }) ?? 1)
      : required(values.stock),
    condition: values.condition,
    weightKg: nullable(values.weightKg),
    dimensionsCm: anyDimension
      ? { length: required(length), width: required(width), height: required(height) }
      : null,
    images: values.images,
    tags: values.tags,
    saleType: {
      buyNow: values.saleType.buyNow,
      auction: values.saleType.auctionOn
        ? {
            startingBid: required(values.saleType.auction.startingBid),
            ...(values.saleType.auction.reservePrice.trim() === ''
              ? {}
              : { reservePrice: required(values.saleType.auction.reservePrice) }),
          }
        : null,
    },
    options: values.options,
    variants: values.variants,
  };
}

/** A stored product back into form values, for the edit screen. */
export function valuesFromProduct(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    categoryId: product.categoryId,
    subCategoryId: product.subCategoryId,
    price: amountText(product.price),
    compareAtPrice: amountText(product.compareAtPrice),
    stock: String(product.stock),
    condition: product.condition,
    weightKg: amountText(product.weightKg),
    dimensionsCm: {
      length: amountText(product.dimensionsCm?.length),
      width: amountText(product.dimensionsCm?.width),
      height: amountText(product.dimensionsCm?.height),
    },
    images: product.images,
    tags: product.tags,
    saleType: {
      buyNow: product.saleType.buyNow,
      auctionOn: product.saleType.auction !== null,
      auction: {
        startingBid: amountText(product.saleType.auction?.startingBid),
        reservePrice: amountText(product.saleType.auction?.reservePrice),
      },
    },
    options: product.options,
    variants: product.variants,
  };
}

/** Fields whose schema message is worded for a bad value, with the words for a missing one. */
const missingMessages: Record<string, string> = {
  name: 'Name is required',
  categoryId: 'Category is required',
  subCategoryId: 'Sub-category is required',
  price: 'Price is required',
  stock: 'Stock is required',
  'dimensionsCm.length': 'Enter the length',
  'dimensionsCm.width': 'Enter the width',
  'dimensionsCm.height': 'Enter the height',
  'saleType.auction.startingBid': 'Starting bid is required',
};

const numericFields = [
  'price',
  'compareAtPrice',
  'stock',
  'weightKg',
  'dimensionsCm.length',
  'dimensionsCm.width',
  'dimensionsCm.height',
  'saleType.auction.startingBid',
  'saleType.auction.reservePrice',
];

function at(source: unknown, path: string): unknown {
  let node = source;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function isFieldError(node: unknown): node is FieldError {
  return typeof node === 'object' && node !== null && 'message' in node;
}

/** Rewords the schema's messages where the cause is an empty box or text that is not a number. */
function reword(errors: FieldErrors<ProductFormValues>, values: ProductFormValues) {
  for (const path of [...Object.keys(missingMessages), ...numericFields]) {
    const error = at(errors, path);
    const raw = at(values, path);
    if (!isFieldError(error) || typeof raw !== 'string') continue;
    if (raw.trim() === '' && missingMessages[path]) error.message = missingMessages[path];
    else if (numericFields.includes(path) && Number.isNaN(parseNairaInput(raw) ?? 0))
      error.message = 'Enter a number';
  }
}

/**
 * The form's resolver. The checks (the contract's zod schema, product-schema.ts) are a chunk of
 * their own, fetched when the seller first focuses a field (warm) or at the latest on the first
 * check: zod is ~25 KB gzip the form's first view does not need (docs/performance.md, "Products page
 * budgets again"). The messages are reworded here as before.
 */
export function productResolver(
  mode: 'create' | 'update',
): Resolver<ProductFormValues, unknown, ProductBody> & { warm: () => void } {
  let loaded: Promise<Resolver<ProductFormValues, unknown, ProductBody>> | undefined;
  const load = () => {
    if (!loaded) {
      loaded = import('@/features/products/product-schema').then(({ productSchemaResolver }) =>
        productSchemaResolver(mode, toBody),
      );
      // A failed fetch (a dropped connection) is tried again at the next check.
      loaded.catch(() => {
        loaded = undefined;
      });
    }
    return loaded;
  };
  const resolver = async (
    values: ProductFormValues,
    context: unknown,
    options: Parameters<Resolver<ProductFormValues, unknown, ProductBody>>[2],
  ) => {
    const result = await (await load())(values, context, options);
    reword(result.errors, values);
    return result;
  };
  return Object.assign(resolver, { warm: () => void load() });
}

/** Where a server-side issue (`{ path }` of a 400) shows in the form, or null for the toast only. */
export function formPathForIssue(path: string): string | null {
  const top = path.split('.')[0] ?? '';
  if (top === 'options' || top === 'variants') return 'variants';
  if (top === 'tags' || top === 'images') return top;
  if (top === 'saleType') return path.startsWith('saleType.auction.') ? path : 'saleType.buyNow';
  if (top === 'dimensionsCm') return path.split('.').length > 1 ? path : 'dimensionsCm.length';
  return missingMessages[top] !== undefined ||
    numericFields.includes(top) ||
    ['description', 'condition'].includes(top)
    ? top
    : null;
}

/** The first message anywhere inside a nested error (the variant tree's errors are deep). */
export function firstMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const value of Object.values(error)) {
    if (value === error || (typeof value === 'object' && value !== null && 'nodeType' in value)) continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
