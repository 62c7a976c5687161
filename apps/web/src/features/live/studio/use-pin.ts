import type { PinProductResponse, TrayResponse } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { serverMessage } from '@/features/live/studio/studio-api';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const trayKey = (streamId: string) => ['streams', streamId, 'tray'] as const;
const path = (streamId: string, action: string) => `/streams/${encodeURIComponent(streamId)}/${action}`;

/**
 * The product the seller presents (issue 14): read from the show's tray, changed with
 * `POST /streams/{id}/pin` (null unpins). Every viewer's tray slides it up from the server's
 * `product_pinned`; the studio shows the server's answer.
 */
export function usePin({ api, streamId }: { api: ApiClient; streamId: string }) {
  const client = useQueryClient();
  const tray = useQuery({
    queryKey: trayKey(streamId),
    queryFn: () => api.get<TrayResponse>(path(streamId, 'tray')),
  });
  const pin = useMutation({
    mutationFn: (productId: string | null) =>
      api.post<PinProductResponse>(path(streamId, 'pin'), { productId }),
    onSuccess: (answer) => {
      client.setQueryData<TrayResponse>(trayKey(streamId), (old) =>
        old ? { ...old, pinnedProductId: answer.pinnedProductId } : old,
      );
      toast.success(answer.message);
    },
    onError: (error) => toast.error('Could not change the pinned product', serverMessage(error)),
  });
  // useMutation's mutate keeps its identity: so does setPinned, and the memoised product cards are
  // not redrawn by every render of the studio (issue 20).
  const { mutate } = pin;
  const setPinned = useCallback((productId: string | null) => mutate(productId), [mutate]);
  return {
    pinnedProductId: tray.data?.pinnedProductId ?? null,
    /** The product being pinned or unpinned now, so only its button spins. */
    pinningId: pin.isPending ? (pin.variables ?? 'none') : null,
    setPinned,
  };
}
