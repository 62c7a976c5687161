import type {
  AudienceCountResponse,
  Campaign,
  CampaignAudience,
  CampaignResponse,
  CampaignsResponse,
  CampaignsSummary,
  CreateCampaignBody,
  SellerProductsResponse,
  SellerStreamsResponse,
} from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';

/* Inbox campaign calls (packages/contracts/src/audience.ts); only types from the contracts. */

/** ['campaigns'] is refreshed by the new_campaign / campaign_scheduled notifications. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (page: number) => [...campaignKeys.all, 'list', page] as const,
  summary: () => [...campaignKeys.all, 'summary'] as const,
};

export const CAMPAIGNS_REFRESH_MS = 30_000;
/**
 * While a campaign is due or going out its batches finish one after another with no notification of their
 * own (only `new_campaign` when the send starts): the list looks again every few seconds until "Sent".
 */
export const CAMPAIGNS_SENDING_REFRESH_MS = 3_000;

export const campaignQueries = {
  list: (api: ApiClient, page: number) =>
    queryOptions({
      queryKey: campaignKeys.list(page),
      queryFn: ({ signal }) => api.get<CampaignsResponse>(`/campaigns?page=${page}&limit=20`, { signal }),
      refetchOnWindowFocus: true,
      refetchInterval: (query) =>
        query.state.data?.campaigns.some(
          (c) =>
            c.status === 'sending' ||
            (c.status === 'scheduled' &&
              Date.parse(c.scheduledAt) <= Date.now() + CAMPAIGNS_SENDING_REFRESH_MS),
        )
          ? CAMPAIGNS_SENDING_REFRESH_MS
          : CAMPAIGNS_REFRESH_MS,
    }),
  summary: (api: ApiClient) =>
    queryOptions({
      queryKey: campaignKeys.summary(),
      queryFn: ({ signal }) => api.get<CampaignsSummary>('/campaigns/summary', { signal }),
      refetchOnWindowFocus: true,
    }),
  products: (api: ApiClient, sellerId: string) =>
    queryOptions({
      queryKey: ['campaigns', 'choices', 'products', sellerId] as const,
      queryFn: ({ signal }) =>
        api.get<SellerProductsResponse>(
          `/products/seller/${encodeURIComponent(sellerId)}?limit=100&status=active`,
          { signal },
        ),
      staleTime: 60_000,
    }),
  shows: (api: ApiClient, sellerId: string) =>
    queryOptions({
      queryKey: ['campaigns', 'choices', 'shows', sellerId] as const,
      queryFn: ({ signal }) =>
        api.get<SellerStreamsResponse>(`/streams/seller/${encodeURIComponent(sellerId)}?limit=50`, {
          signal,
        }),
      staleTime: 60_000,
    }),
};

export const countAudience = (api: ApiClient, audience: CampaignAudience, signal?: AbortSignal) =>
  api.post<AudienceCountResponse>('/campaigns/audience-count', { audience }, { signal });

export const createCampaign = (api: ApiClient, body: CreateCampaignBody) =>
  api.post<CampaignResponse>('/campaigns', body);

export const cancelCampaign = (api: ApiClient, id: string) =>
  api.post<CampaignResponse>(`/campaigns/${encodeURIComponent(id)}/cancel`);

export const STATUS_TEXT: Record<Campaign['status'], string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** Opened or clicked as a share of delivered, e.g. "42%"; "–" before anything is delivered. */
export function rate(part: number, whole: number): string {
  if (whole === 0) return '–';
  return `${Math.round((part / whole) * 100)}%`;
}

export const campaignTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

export type CampaignImageUploader = (file: File) => Promise<{ image: string; url: string }>;

/** Sends one picture (multipart field `image`); the server checks it by content and answers its key. */
export const uploadCampaignImage: CampaignImageUploader = (file) => {
  const form = new FormData();
  form.append('image', file);
  return uploadForm<{ image: string; url: string }>('/campaigns/images', form);
};
