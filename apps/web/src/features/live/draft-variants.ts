import { type Product, streamItemKey, type VariantChoice, variantLabel } from '@kasuwa/contracts';
import {
  type AuctionSettingsValues,
  type DraftProductSummary,
  defaultAuctionSettings,
} from '@/features/live/live-draft';
import { type Combination, trayProductOf } from '@/lib/tray-product';

/*
 * A live auction offers a product with variants per combination (issue 14): the seller picks which
 * combinations go under the hammer, each once, each with its own starting bid. These are the
 * draft's rules for that; a product without variants is one row, as before.
 */

/** The combinations a product can be auctioned as; none for a product without variants. */
export function auctionCombinations(product: Product): Combination[] {
  return product.variants.length > 0 ? trayProductOf(product).combinations : [];
}

/** A product's name with the combination, as the server names the row: 'Ankara dress — Red / M'. */
export const variantName = (name: string, variant: readonly VariantChoice[]) =>
  variant.length > 0 ? `${name} — ${variantLabel(variant)}` : name;

const amountText = (n: number) => String(n);

/**
 * One combination's auction settings before the seller changes them: the starting bid is the
 * combination's own price (a Large may cost more than the product's base price); the product's
 * reserve is kept only where it is still at least that starting bid, which the contract requires.
 */
export function variantAuctionSettings(
  product: Pick<Product, 'saleType'>,
  combination: Pick<Combination, 'price'>,
): AuctionSettingsValues {
  const reserve = product.saleType.auction?.reservePrice;
  return {
    ...defaultAuctionSettings(),
    startingBid: amountText(combination.price),
    reservePrice: reserve !== undefined && reserve >= combination.price ? amountText(reserve) : '',
  };
}

/** What the wizard shows of one combination: its name with the variant, price and photo. */
export function variantSummary(product: Product, combination: Combination): DraftProductSummary {
  return {
    productId: product._id,
    variant: combination.variant,
    name: variantName(product.name, combination.variant),
    price: combination.price,
    image: combination.image,
  };
}

/** Which row of the draft a product (or summary) is: the product, and its combination if any. */
export function draftItemKey(p: { productId: string; variant?: readonly VariantChoice[] | undefined }) {
  return streamItemKey(
    p.variant ? { productId: p.productId, variant: p.variant } : { productId: p.productId },
  );
}
