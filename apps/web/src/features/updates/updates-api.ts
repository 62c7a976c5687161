import type { BuyerStoreRelation, InboxItem, InboxResponse } from '@kasuwa/contracts';
import type { ApiClient } from '@/lib/api-client';

/* The buyer's Updates inbox calls (packages/contracts/src/audience.ts); only types from the contracts. */

export const updatesKeys = { all: ['buyer-updates'] as const };

export const fetchUpdates = (api: ApiClient, page: number, signal?: AbortSignal) =>
  api.get<InboxResponse>(`/buyer/updates?page=${page}&limit=20`, { signal });

export const markUpdate = (api: ApiClient, id: string, what: 'open' | 'click') =>
  api.post<{ item: InboxItem }>(`/buyer/updates/${encodeURIComponent(id)}/${what}`);

export const setStorePreferences = (
  api: ApiClient,
  sellerId: string,
  body: { unsubscribed?: boolean; blocked?: boolean },
) => api.put<BuyerStoreRelation>(`/buyer/stores/${encodeURIComponent(sellerId)}/preferences`, body);
