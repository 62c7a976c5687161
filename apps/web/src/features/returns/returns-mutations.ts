import type {
  BuyerReturn,
  BuyerReturnBody,
  BuyerReturnResponse,
  ReturnDetail,
  ReturnMessageBody,
  ReturnResponse,
  SellerReturnActionBody,
} from '@kasuwa/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  postBuyerReturn,
  postBuyerReturnMessage,
  postReturnAction,
  postSellerReturnMessage,
  postShippedBack,
  postWithdraw,
  type ShippedBackBody,
} from '@/features/returns/returns-api';
import { returnKeys } from '@/features/returns/returns-queries';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** The return as an answer carries it, when it does (a message's answer may carry only a word). */
function returnOf<T>(answer: unknown): T | undefined {
  if (typeof answer !== 'object' || answer === null || !('return' in answer)) return undefined;
  const value = (answer as { return: unknown }).return;
  return typeof value === 'object' && value !== null && '_id' in value ? (value as T) : undefined;
}

/** The seller's return changed: the answer replaces the cached one, and every list refreshes behind it. */
function sellerReturnChanged(queryClient: QueryClient, returnId: string, answer: unknown) {
  const next = returnOf<ReturnDetail>(answer);
  if (next) queryClient.setQueryData<ReturnResponse>(returnKeys.detail(returnId), { return: next });
  void queryClient.invalidateQueries({
    queryKey: returnKeys.all,
    predicate: (query) => !next || query.queryKey[1] !== 'detail' || query.queryKey[2] !== returnId,
  });
  // A refund changes the order's payment status and the home cards.
  void queryClient.invalidateQueries({ queryKey: ['orders'] });
}

/**
 * One of the seller's steps (approve, reject, ask, received, refund). Steps taken in a dialog show
 * the server's refusal inside it (`inline`), so no toast doubles it; the others toast.
 */
export function useReturnAction(api: ApiClient, returnId: string, options: { inline?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerReturnActionBody) => postReturnAction(api, returnId, body),
    meta: options.inline ? {} : { errorToast: 'Could not update the return' },
    onSuccess: (answer) => {
      sellerReturnChanged(queryClient, returnId, answer);
      toast.success(answer.message);
    },
  });
}

export function useSellerReturnMessage(api: ApiClient, returnId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnMessageBody) => postSellerReturnMessage(api, returnId, body),
    meta: { errorToast: 'Could not send the message' },
    onSuccess: (answer) => sellerReturnChanged(queryClient, returnId, answer),
  });
}

function buyerReturnChanged(queryClient: QueryClient, returnId: string, answer: unknown) {
  const next = returnOf<BuyerReturn>(answer);
  if (next) queryClient.setQueryData<BuyerReturnResponse>(returnKeys.buyer(returnId), { return: next });
  else void queryClient.invalidateQueries({ queryKey: returnKeys.buyer(returnId) });
  void queryClient.invalidateQueries({ queryKey: [...returnKeys.buyerAll, 'options'] });
}

/** The buyer's request; the page moves to the new return once it exists. */
export function useCreateReturn(api: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyerReturnBody) => postBuyerReturn(api, body),
    onSuccess: (answer) => {
      queryClient.setQueryData<BuyerReturnResponse>(returnKeys.buyer(answer.return._id), answer);
      void queryClient.invalidateQueries({ queryKey: returnKeys.options(answer.return.order._id) });
    },
  });
}

export function useBuyerReturnMessage(api: ApiClient, returnId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: ReturnMessageBody) => postBuyerReturnMessage(api, returnId, message),
    meta: { errorToast: 'Could not send the message' },
    onSuccess: (answer) => buyerReturnChanged(queryClient, returnId, answer),
  });
}

export function useShippedBack(api: ApiClient, returnId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipped: ShippedBackBody) => postShippedBack(api, returnId, shipped),
    onSuccess: (answer) => {
      buyerReturnChanged(queryClient, returnId, answer);
      toast.success('Thanks! The seller has been told it is on its way.');
    },
  });
}

export function useWithdrawReturn(api: ApiClient, returnId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postWithdraw(api, returnId),
    onSuccess: (answer) => {
      buyerReturnChanged(queryClient, returnId, answer);
      toast.success('Return withdrawn');
    },
  });
}
