import type { Category } from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/*
 * The category catalogue, which onboarding, the show wizards and the product form all read: one
 * key and one fetch, so whichever screen asks first fills the cache for the others.
 */

export const catalogueKeys = {
  categories: ['categories'] as const,
};

export const catalogueQueries = {
  /** GET /categories is public: no token goes with it. */
  categories: (api: ApiClient) =>
    queryOptions({
      queryKey: catalogueKeys.categories,
      queryFn: ({ signal }) => api.get<{ categories: Category[] }>('/categories', { signal, auth: false }),
      // The catalogue changes with a release, not while a seller fills a form.
      staleTime: 10 * 60_000,
    }),
};
