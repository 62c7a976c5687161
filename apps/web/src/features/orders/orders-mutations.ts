import type { BulkShipBody, OrderResponse, SellerOrderActionBody } from '@kasuwa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postBulkShip, postOrderAction } from '@/features/orders/orders-api';
import { orderKeys } from '@/features/orders/orders-queries';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * One step of an order's fulfilment. The answer is the order as it now is: it replaces the cached
 * one at once, and every list and the home cards are refreshed behind it.
 */
export function useOrderAction(api: ApiClient, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerOrderActionBody) => postOrderAction(api, orderId, body),
    meta: { errorToast: 'Could not update the order' },
    onSuccess: (answer) => {
      queryClient.setQueryData<OrderResponse>(orderKeys.detail(orderId), { order: answer.order });
      void queryClient.invalidateQueries({
        queryKey: orderKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== orderId,
      });
      toast.success(answer.message);
    },
  });
}

/** Marks several orders shipped with one carrier; the dialog shows which failed and why. */
export function useBulkShip(api: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkShipBody) => postBulkShip(api, body),
    meta: { errorToast: 'Could not mark the orders as shipped' },
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      if (answer.shipped.length > 0) toast.success(answer.message);
    },
  });
}
