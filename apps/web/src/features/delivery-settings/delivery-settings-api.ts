import type { DeliverySettings, DeliverySettingsResponse } from '@kasuwa/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export const deliverySettingsKey = ['settings', 'delivery'] as const;

export const deliverySettingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: deliverySettingsKey,
    queryFn: ({ signal }) => api.get<DeliverySettingsResponse>('/settings/delivery', { signal }),
    select: (data) => data.settings,
  });

export function useSaveDeliverySettings(api: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliverySettings) => api.put<DeliverySettingsResponse>('/settings/delivery', body),
    meta: { errorToast: 'Could not save your delivery settings' },
    onSuccess: (answer) => {
      queryClient.setQueryData(deliverySettingsKey, answer);
      toast.success('Delivery settings saved');
    },
  });
}
