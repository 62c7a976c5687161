import type { SellerGiveawaysResponse } from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/** The seller's giveaways (issue 21), every show's, for the Live Giveaways screen. */
export const giveawayListKeys = {
  all: ['giveaways'] as const,
  list: (sellerId: string) => ['giveaways', 'list', sellerId] as const,
};

export const giveawayListQueries = {
  list: (api: ApiClient, sellerId: string) =>
    queryOptions({
      queryKey: giveawayListKeys.list(sellerId),
      queryFn: () => api.get<SellerGiveawaysResponse>('/giveaways'),
    }),
};
