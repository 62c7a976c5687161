import type { Seller } from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/*
 * The seller's own record (GET /seller/profile), which the dashboard, its home screen and the
 * onboarding approval screen all read: one key, one fetch.
 */

export const sellerKeys = {
  all: ['seller'] as const,
  /** Every seller's profile: what a refusal that says the stored record is out of date refreshes. */
  profiles: () => [...sellerKeys.all, 'profile'] as const,
  /** Keyed by seller, so a different seller logging in on this device never sees the last one's record. */
  profile: (sellerId: string | null) => [...sellerKeys.profiles(), sellerId] as const,
};

export const sellerQueries = {
  profile: (api: ApiClient, sellerId: string | null) =>
    queryOptions({
      queryKey: sellerKeys.profile(sellerId),
      queryFn: ({ signal }) => api.get<Seller>('/seller/profile', { signal }),
    }),
};
