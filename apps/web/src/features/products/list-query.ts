import type { ProductSort, ProductStatus } from '@kasuwa/contracts';
import {
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  MAX_LIMIT,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type ProductListParams,
} from '@/features/products/products-api';

/**
 * The products page keeps its page, status tab, search and sort in the URL, so a reload, a shared
 * link or the back button show the same list. Anything unreadable falls back to the default.
 */
export function readListQuery(search: URLSearchParams): ProductListParams {
  const page = Number(search.get('page'));
  const limit = Number(search.get('limit'));
  const status = search.get('status');
  const sort = search.get('sort');
  const text = search.get('search')?.trim().slice(0, 100) ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_PAGE,
    // Not offered on screen; a link (or the rendering benchmark) may ask for up to 100 a page.
    limit: Number.isInteger(limit) && limit >= 1 && limit <= MAX_LIMIT ? limit : DEFAULT_LIMIT,
    sortBy: PRODUCT_SORTS.includes(sort as ProductSort) ? (sort as ProductSort) : 'newest',
    status: PRODUCT_STATUSES.includes(status as ProductStatus) ? (status as ProductStatus) : undefined,
    search: text || undefined,
  };
}

/** The URL query for a list state; defaults are left out so the plain page has a plain URL. */
export function writeListQuery(params: ProductListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.page !== DEFAULT_PAGE) query.set('page', String(params.page));
  if (params.limit !== DEFAULT_LIMIT) query.set('limit', String(params.limit));
  if (params.status) query.set('status', params.status);
  if (params.search) query.set('search', params.search);
  if (params.sortBy !== 'newest') query.set('sort', params.sortBy);
  return query;
}
