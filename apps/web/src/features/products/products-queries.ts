import type { Product, SellerProductsResponse } from '@kasuwa/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  DEFAULT_LIMIT,
  fetchProduct,
  fetchSellerProducts,
  type ProductListParams,
} from '@/features/products/products-api';
import type { ApiClient } from '@/lib/api-client';

/*
 * The products feature's one way to read the server: a query-options factory whose keys nest, so
 * invalidating a prefix reaches everything under it:
 *   ['products']                                 every product query
 *   ['products', 'seller', sellerId]             every list of one seller (products page, drafts)
 *   ['products', 'seller', sellerId, params]     one page of one list
 *   ['products', 'details', id]                  one product, as the edit form loads it
 */
export const productQueries = {
  all: () => ['products'] as const,
  seller: (sellerId: string) => [...productQueries.all(), 'seller', sellerId] as const,
  details: () => [...productQueries.all(), 'details'] as const,
  detailKey: (id: string) => [...productQueries.details(), id] as const,

  /** One page of a seller's products; the previous page stays on screen while the next loads. */
  list: (api: ApiClient, sellerId: string, params: ProductListParams) =>
    queryOptions<SellerProductsResponse>({
      queryKey: [...productQueries.seller(sellerId), params],
      queryFn: ({ signal }) => fetchSellerProducts(api, sellerId, params, signal),
      placeholderData: keepPreviousData,
    }),

  /** The drafts page: a page of the seller's drafts, newest first (a list like any other). */
  drafts: (api: ApiClient, sellerId: string, page: number) =>
    productQueries.list(api, sellerId, { page, limit: DEFAULT_LIMIT, sortBy: 'newest', status: 'draft' }),

  /** One product with the owner's token, so drafts load too. */
  detail: (api: ApiClient, id: string) =>
    queryOptions<Product>({
      queryKey: productQueries.detailKey(id),
      queryFn: ({ signal }) => fetchProduct(api, id, signal),
      // The form starts from what the server holds now, not from a list fetched minutes ago.
      staleTime: 0,
      refetchOnMount: 'always',
    }),
};
