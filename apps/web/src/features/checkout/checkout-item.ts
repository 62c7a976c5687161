import { buyNowBody, type TrayProduct, type VariantChoice } from '@kasuwa/contracts';

/**
 * The item /checkout/buy carries in its search params, as the watch and blip pages write it
 * (features/watch/checkout-link.ts): productId, sellerId, quantity, each variant value in level
 * order, and streamId or blipId. Null when the link is broken.
 */
export interface CheckoutItem {
  productId: string;
  sellerId: string;
  values: string[];
  quantity: number;
  streamId?: string;
  blipId?: string;
}

export function readCheckoutItem(search: URLSearchParams): CheckoutItem | null {
  const productId = search.get('productId') ?? '';
  const sellerId = search.get('sellerId') ?? '';
  const quantity = Number(search.get('quantity') ?? '1');
  const streamId = search.get('streamId') ?? undefined;
  const blipId = search.get('blipId') ?? undefined;
  const ok =
    buyNowBody.shape.productId.safeParse(productId).success &&
    sellerId !== '' &&
    buyNowBody.shape.quantity.safeParse(quantity).success;
  if (!ok) return null;
  return {
    productId,
    sellerId,
    values: search.getAll('variant'),
    quantity,
    ...(streamId ? { streamId } : {}),
    ...(blipId ? { blipId } : {}),
  };
}

/** The item's variant with its level names, and what it costs, from the product as it is now. */
export function priceItem(product: TrayProduct, item: CheckoutItem) {
  const variant: VariantChoice[] = product.options.flatMap((o, i) => {
    const value = item.values[i];
    return value ? [{ name: o.name, value }] : [];
  });
  const combination =
    product.options.length === 0
      ? (product.combinations.find((c) => c.variant.length === 0) ?? {
          variant: [],
          price: product.price,
          stock: product.stock,
          image: product.image,
        })
      : (product.combinations.find(
          (c) =>
            c.variant.length === item.values.length && c.variant.every((v, i) => v.value === item.values[i]),
        ) ?? null);
  return { variant, combination };
}
