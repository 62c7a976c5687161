import type {
  ChangePasswordBody,
  ChangePasswordResponse,
  NotificationPreferences,
  PickupAddressBody,
  ReturnsPolicyBody,
  SellerSessionsResponse,
  SettingsResponse,
  SettingsSavedResponse,
  StoreProfileBody,
} from '@kasuwa/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { sellerKeys } from '@/lib/seller-queries';
import { readBearerToken, replaceBearerToken } from '@/lib/session-token';

export const settingsKeys = {
  all: ['settings'] as const,
  sessions: ['settings', 'sessions'] as const,
};

/** The devices signed in to this account now (Settings → Security). */
export const sessionsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: settingsKeys.sessions,
    queryFn: ({ signal }) => api.get<SellerSessionsResponse>('/seller/settings/sessions', { signal }),
  });

export const settingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => api.get<SettingsResponse>('/seller/settings', { signal }),
  });

/**
 * One save of a settings section: the answer is the whole settings record, and the seller's profile
 * is refreshed too (store name, address flags), so the dashboard and its guard follow at once.
 */
export function useSettingsSave<B>(api: ApiClient, path: string, errorToast: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.put<SettingsSavedResponse>(path, body),
    onSuccess: async (answer) => {
      client.setQueryData(settingsKeys.all, answer);
      await client.invalidateQueries({ queryKey: sellerKeys.profiles() });
    },
    meta: { errorToast },
  });
}

export const useStoreProfileSave = (api: ApiClient) =>
  useSettingsSave<StoreProfileBody>(
    api,
    '/seller/settings/store-profile',
    'Could not save your store profile',
  );
export const usePickupAddressSave = (api: ApiClient) =>
  useSettingsSave<PickupAddressBody>(api, '/seller/settings/pickup-address', 'Could not save your address');
export const useReturnsPolicySave = (api: ApiClient) =>
  useSettingsSave<ReturnsPolicyBody>(
    api,
    '/seller/settings/returns-policy',
    'Could not save your returns policy',
  );
export const useNotificationPreferencesSave = (api: ApiClient) =>
  useSettingsSave<{ preferences: NotificationPreferences }>(
    api,
    '/seller/settings/notifications',
    'Could not save your notification preferences',
  );

/**
 * Both security calls end every other session and answer a fresh token for this one: swap it in,
 * or this device would be signed out too.
 */
function useSessionEnding<B>(call: (body: B) => Promise<ChangePasswordResponse>, errorToast: string) {
  return useMutation({
    mutationFn: async (body: B) => {
      const before = readBearerToken();
      const answer = await call(body);
      if (before) replaceBearerToken(before, answer.token);
      return answer;
    },
    meta: { errorToast },
  });
}

export const useChangePassword = (api: ApiClient) =>
  useSessionEnding<ChangePasswordBody>(
    (body) => api.post<ChangePasswordResponse>('/seller/settings/password', body),
    'Could not change your password',
  );

export const useSignOutOthers = (api: ApiClient) =>
  useSessionEnding<void>(
    () => api.post<ChangePasswordResponse>('/seller/settings/sign-out-others'),
    'Could not sign out your other devices',
  );
