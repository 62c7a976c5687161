import type {
  BuyerOrderResponse,
  BuyerOrdersResponse,
  BuyNowBody,
  CheckoutResponse,
  DeliveryOptionsResponse,
  PayOrderBody,
  Product,
  TrayProduct,
} from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { trayProductOf } from '@/lib/tray-product';

/* The buyer's checkout and orders (all under /api/checkout, a buyer's token), and what they read. */

const orderPath = (orderId: string) => `/checkout/orders/${encodeURIComponent(orderId)}`;

export const checkoutKeys = {
  orders: ['buyer-orders'] as const,
  order: (orderId: string) => [...checkoutKeys.orders, orderId] as const,
  options: (sellerId: string) => ['delivery-options', sellerId] as const,
  product: (productId: string) => ['checkout-product', productId] as const,
};

export const checkoutQueries = {
  options: (api: ApiClient, sellerId: string) =>
    queryOptions({
      queryKey: checkoutKeys.options(sellerId),
      queryFn: ({ signal }) =>
        api.get<DeliveryOptionsResponse>(`/checkout/sellers/${encodeURIComponent(sellerId)}/options`, {
          signal,
          auth: false,
        }),
    }),
  /** The product being bought, with its combinations' prices and stock. */
  product: (api: ApiClient, productId: string) =>
    queryOptions({
      queryKey: checkoutKeys.product(productId),
      queryFn: async ({ signal }): Promise<TrayProduct> =>
        trayProductOf(
          await api.get<Product>(`/products/${encodeURIComponent(productId)}`, { signal, auth: false }),
        ),
    }),
  order: (api: ApiClient, orderId: string) =>
    queryOptions({
      queryKey: checkoutKeys.order(orderId),
      queryFn: ({ signal }) => fetchBuyerOrder(api, orderId, signal),
    }),
  orders: (api: ApiClient) =>
    queryOptions({
      queryKey: checkoutKeys.orders,
      queryFn: ({ signal }) => api.get<BuyerOrdersResponse>('/checkout/orders', { signal }),
    }),
};

export function fetchBuyerOrder(api: ApiClient, orderId: string, signal?: AbortSignal) {
  return api.get<BuyerOrderResponse>(orderPath(orderId), { signal });
}

export const placeOrder = (api: ApiClient, body: BuyNowBody) =>
  api.post<CheckoutResponse>('/checkout/orders', body);

export const payOrder = (api: ApiClient, orderId: string, body: PayOrderBody) =>
  api.post<CheckoutResponse>(orderPath(orderId), body);

/** After the payment page: the server asks the provider, then answers the order as it now is. */
export const verifyPayment = (api: ApiClient, orderId: string, reference: string) =>
  api.get<BuyerOrderResponse>(`${orderPath(orderId)}/verify?${new URLSearchParams({ reference })}`);
