import type { MyMaxBidsResponse, SetMaxBidBody, SetMaxBidResponse } from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/*
 * The buyer's own max bids and pre-bids on a show (issue 21). Per buyer: logging in or out asks
 * the server again. Only the buyer's token reads them; nothing public ever carries a max.
 */

export const maxBidKeys = {
  all: ['watch-max-bids'] as const,
  mine: (streamId: string, buyerId: string | null) =>
    [...maxBidKeys.all, streamId, buyerId ?? 'anonymous'] as const,
};

export const maxBidQueries = {
  mine: (api: ApiClient, streamId: string, buyerId: string | null) =>
    queryOptions({
      queryKey: maxBidKeys.mine(streamId, buyerId),
      queryFn: ({ signal }) =>
        api.get<MyMaxBidsResponse>(`/streams/${encodeURIComponent(streamId)}/max-bids/mine`, { signal }),
      enabled: buyerId !== null,
    }),
};

export const putMaxBid = (api: ApiClient, streamId: string, body: SetMaxBidBody) =>
  api.put<SetMaxBidResponse>(`/streams/${encodeURIComponent(streamId)}/max-bids`, body);
