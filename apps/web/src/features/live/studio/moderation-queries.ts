import type {
  CohostResponse,
  ModeratorsResponse,
  MutedWordsResponse,
  ShowModerationResponse,
  StoreModerationResponse,
} from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/* Issue 21, the studio's moderation reads and writes: the store's moderators and muted words, the show's room. */

export const moderationKeys = {
  store: () => ['live-moderation', 'store'] as const,
  show: (streamId: string) => ['live-moderation', 'show', streamId] as const,
};

const showPath = (streamId: string, action: string) => `/streams/${encodeURIComponent(streamId)}/${action}`;

export const moderationQueries = {
  store: (api: ApiClient) =>
    queryOptions({
      queryKey: moderationKeys.store(),
      queryFn: ({ signal }) => api.get<StoreModerationResponse>('/live/moderation', { signal }),
    }),
  show: (api: ApiClient, streamId: string) =>
    queryOptions({
      queryKey: moderationKeys.show(streamId),
      queryFn: ({ signal }) => api.get<ShowModerationResponse>(showPath(streamId, 'moderation'), { signal }),
    }),
};

export const moderationWrites = {
  addModerator: (api: ApiClient, buyerId: string) =>
    api.post<ModeratorsResponse>('/live/moderators', { buyerId }),
  removeModerator: (api: ApiClient, buyerId: string) =>
    api.request<ModeratorsResponse>(`/live/moderators/${encodeURIComponent(buyerId)}`, { method: 'DELETE' }),
  mutedWords: (api: ApiClient, words: string[]) =>
    api.put<MutedWordsResponse>('/live/muted-words', { words }),
  slowMode: (api: ApiClient, streamId: string, seconds: number) =>
    api.put<{ message: string; slowModeSeconds: number }>(showPath(streamId, 'slow-mode'), { seconds }),
  inviteCohost: (api: ApiClient, streamId: string, email: string) =>
    api.put<CohostResponse>(showPath(streamId, 'cohost'), { email }),
  removeCohost: (api: ApiClient, streamId: string) =>
    api.request<CohostResponse>(showPath(streamId, 'cohost'), { method: 'DELETE' }),
};
