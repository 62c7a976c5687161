import {
  PRODUCT_PINNED_EVENT,
  type Product,
  productPinnedEvent,
  type TrayProduct,
  type TrayResponse,
} from '@kasuwa/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveRoomKeys } from '@/features/live-room/live-room-queries';
import type { LiveSocketLike } from '@/features/live-room/live-socket';
import type { ApiClient } from '@/lib/api-client';
import { trayProductOf } from '@/lib/tray-product';

/*
 * The products a buyer can buy from a show (its tray) and from a blip. The tray nests under the
 * show's key, so the live room's refetch after a dropped connection brings the pinned product
 * up to date too.
 */

export const trayKeys = {
  tray: (streamId: string) => [...liveRoomKeys.stream(streamId), 'tray'] as const,
  product: (productId: string) => ['buy-product', productId] as const,
};

export const trayQueries = {
  tray: (api: ApiClient, streamId: string) =>
    queryOptions({
      queryKey: trayKeys.tray(streamId),
      queryFn: ({ signal }) =>
        api.get<TrayResponse>(`/streams/${encodeURIComponent(streamId)}/tray`, { signal, auth: false }),
      // Stock moves as others buy: a buyer reopening the tray after a minute sees it afresh.
      staleTime: 30_000,
    }),
  /** One product as the tray describes it, from the public product answer (the blip page). */
  product: (api: ApiClient, productId: string) =>
    queryOptions({
      queryKey: trayKeys.product(productId),
      queryFn: async ({ signal }): Promise<TrayProduct> =>
        trayProductOf(
          await api.get<Product>(`/products/${encodeURIComponent(productId)}`, { signal, auth: false }),
        ),
      staleTime: 30_000,
    }),
};

/**
 * The show's tray, kept current by the socket: `product_pinned` moves the pinned product for every
 * viewer at once (a product the tray does not know yet makes it fetch the tray again).
 */
export function useTray(api: ApiClient, streamId: string, socket: LiveSocketLike | null, enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...trayQueries.tray(api, streamId), enabled });
  useEffect(() => {
    if (!socket) return;
    const key = trayKeys.tray(streamId);
    const onPinned = (raw: unknown) => {
      const parsed = productPinnedEvent.safeParse(raw);
      if (!parsed.success || parsed.data.streamId !== streamId) return;
      const { productId } = parsed.data;
      const tray = queryClient.getQueryData<TrayResponse>(key);
      if (productId && !tray?.products.some((p) => p.productId === productId)) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
      queryClient.setQueryData<TrayResponse>(key, (t) => (t ? { ...t, pinnedProductId: productId } : t));
    };
    socket.on(PRODUCT_PINNED_EVENT, onPinned);
    return () => {
      socket.off(PRODUCT_PINNED_EVENT, onPinned);
    };
  }, [socket, streamId, queryClient]);
  const tray = query.data;
  const pinned = tray?.pinnedProductId
    ? (tray.products.find((p) => p.productId === tray.pinnedProductId) ?? null)
    : null;
  return { query, tray, pinned };
}
