import type { SellerDocument } from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/*
 * Onboarding's own read. The categories it offers and the profile the approval screen checks are
 * shared with other screens and live in lib/catalogue-queries and lib/seller-queries.
 */

export type DocumentsAnswer = { documents?: SellerDocument[] };

export const onboardingKeys = {
  all: ['onboarding'] as const,
  documents: () => [...onboardingKeys.all, 'documents'] as const,
};

export const onboardingQueries = {
  /** The verification documents the server already has (GET /seller/documents). */
  documents: (api: ApiClient) =>
    queryOptions({
      queryKey: onboardingKeys.documents(),
      queryFn: ({ signal }) => api.get<DocumentsAnswer>('/seller/documents', { signal }),
      staleTime: 60_000,
    }),
};
