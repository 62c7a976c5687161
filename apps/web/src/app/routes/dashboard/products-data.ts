import type { Prefetch } from '@/app/route-data';
import { readListQuery } from '@/features/products/list-query';
import { productQueries } from '@/features/products/products-queries';
import { readStoredSeller } from '@/lib/session-token';

/*
 * The Products screen's page as its URL names it, started by the route's loader while the screen's
 * code downloads (router.tsx), as screen-data.ts does for the other screens. A chunk of its own: the
 * products list's reads are not loaded by the other dashboard screens. The fetch leaves the first
 * commit's effects, one of the long tasks of the screen's start on a phone (issue 20,
 * docs/performance.md).
 */
export const products: Prefetch = ({ queryClient, api }, { request }) => {
  const sellerId = readStoredSeller()?._id;
  if (!sellerId) return;
  void queryClient.prefetchQuery(
    productQueries.list(api, sellerId, readListQuery(new URL(request.url).searchParams)),
  );
};
