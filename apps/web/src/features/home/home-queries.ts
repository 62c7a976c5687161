import type { OrdersOverviewResponse, TopSoldProductsResponse } from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/* The home screen's own read; the profile it greets with is lib/seller-queries'. */

export const homeKeys = {
  all: ['home'] as const,
  topSoldProducts: (sellerId: string) => [...homeKeys.all, 'top-sold-products', sellerId] as const,
};

export const homeQueries = {
  topSoldProducts: (api: ApiClient, sellerId: string) =>
    queryOptions({
      queryKey: homeKeys.topSoldProducts(sellerId),
      queryFn: ({ signal }) => api.get<TopSoldProductsResponse>('/seller/top-sold-products', { signal }),
    }),
};

/** Under ['orders'], so an order action anywhere refreshes these figures (features/orders invalidates the prefix). */
export const ordersOverviewQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['orders', 'overview'] as const,
    queryFn: ({ signal }) => api.get<OrdersOverviewResponse>('/orders/overview', { signal }),
  });
