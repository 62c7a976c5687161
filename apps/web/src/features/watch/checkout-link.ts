import type { VariantChoice } from '@kasuwa/contracts';
import { paths } from '@/app/paths';

/** What "Continue to checkout" carries to /checkout/buy, in its search params. */
export interface BuyItem {
  productId: string;
  sellerId: string;
  /** The chosen values, in the order of the product's levels. */
  variant: readonly VariantChoice[];
  quantity: number;
  streamId?: string;
  blipId?: string;
}

/**
 * The checkout page's address for one item: the variant travels as its values (`variant=Red&
 * variant=XL`), the level names come back with the product on that page. Read by
 * features/checkout/checkout-item.ts; the two must agree on these names.
 */
export function checkoutUrl(item: BuyItem): string {
  const params = new URLSearchParams({
    productId: item.productId,
    sellerId: item.sellerId,
    quantity: String(item.quantity),
  });
  for (const v of item.variant) params.append('variant', v.value);
  if (item.streamId) params.set('streamId', item.streamId);
  if (item.blipId) params.set('blipId', item.blipId);
  return paths.checkoutBuy(params);
}
