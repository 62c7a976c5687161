import type { TrayProduct, VariantChoice } from '@kasuwa/contracts';
import type { Combination } from '@/lib/tray-product';

/*
 * Picking a variant level by level (Colour, then Size, then Material), as the buy sheet does: a
 * value is offered only when some combination in stock goes through it, given the values chosen
 * above it. Pure, so the rules are tested without a screen.
 */

/** The value chosen at each level, in the order of `options`; null where none is chosen yet. */
export type Picked = readonly (string | null)[];

const matchesAbove = (combination: Combination, picked: Picked, level: number) =>
  picked.slice(0, level).every((value, i) => value === null || combination.variant[i]?.value === value);

/** Whether `value` at `level` leads to a combination that is in stock, given what is chosen above it. */
export function isAvailable(product: TrayProduct, picked: Picked, level: number, value: string): boolean {
  return product.combinations.some(
    (c) => c.stock > 0 && c.variant[level]?.value === value && matchesAbove(c, picked, level),
  );
}

/** Choose `value` at `level`: the levels below are cleared, since what they offer depends on it. */
export function pick(picked: Picked, levels: number, level: number, value: string): (string | null)[] {
  return Array.from({ length: levels }, (_, i) =>
    i < level ? (picked[i] ?? null) : i === level ? value : null,
  );
}

/**
 * The combination the buyer has chosen, once every level has a value; for a product without
 * variants, the product itself.
 */
export function chosenCombination(product: TrayProduct, picked: Picked): Combination | null {
  if (product.options.length === 0) {
    return (
      product.combinations.find((c) => c.variant.length === 0) ?? {
        variant: [],
        price: product.price,
        stock: product.stock,
        image: product.image,
      }
    );
  }
  if (picked.length < product.options.length || picked.some((v) => v === null)) return null;
  return (
    product.combinations.find(
      (c) => c.variant.length === product.options.length && c.variant.every((v, i) => v.value === picked[i]),
    ) ?? null
  );
}

/** The chosen values with their level names, as the checkout body carries them. */
export function variantOf(product: TrayProduct, picked: Picked): VariantChoice[] {
  return product.options.flatMap((option, i) => {
    const value = picked[i];
    return value ? [{ name: option.name, value }] : [];
  });
}

/** A product with something left to sell on Buy now. */
export const canBuyNow = (product: TrayProduct) => product.buyNow && product.stock > 0;
