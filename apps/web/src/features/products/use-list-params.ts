import { useSearchParams } from 'react-router';
import { readListQuery, writeListQuery } from '@/features/products/list-query';
import type { ProductListParams } from '@/features/products/products-api';

/**
 * The products page's list state (page, status tab, search, sort) read from and written to the URL.
 * `replace` keeps typing in the search box out of the back button's history.
 */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListQuery(searchParams);
  const setParams = (next: Partial<ProductListParams>, replace = false) =>
    setSearchParams(writeListQuery({ ...params, ...next }), { replace });
  return { params, setParams };
}
