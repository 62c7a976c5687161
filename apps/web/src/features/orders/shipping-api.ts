import type {
  BookShipmentBody,
  BookShipmentResponse,
  ShippingProviderResponse,
  ShippingQuotesResponse,
} from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/* Booking a courier through the server's carrier API (packages/contracts/src/shipping.ts); types only. */

const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/shipping`;

export function fetchShippingProvider(api: ApiClient, signal?: AbortSignal) {
  return api.get<ShippingProviderResponse>('/shipping/provider', { signal });
}

export function postShippingQuotes(api: ApiClient, orderId: string) {
  // No body: the server reads the order and the pickup address itself.
  return api.post<ShippingQuotesResponse>(`${orderPath(orderId)}/quotes`);
}

export function postBookShipment(api: ApiClient, orderId: string, body: BookShipmentBody) {
  return api.post<BookShipmentResponse>(`${orderPath(orderId)}/book`, body);
}

export const shippingQueries = {
  // The server's configuration: it changes only when the server restarts, so it is read once a session.
  provider: (api: ApiClient) =>
    queryOptions({
      queryKey: ['shipping', 'provider'] as const,
      queryFn: ({ signal }) => fetchShippingProvider(api, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
