import type {
  EarningsSummaryResponse,
  PayoutSchedule,
  RequestPayoutBody,
  ResolveBankAccountBody,
  SaveBankAccountBody,
  StepUp,
} from '@kasuwa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requestPayout,
  resolveBankAccount,
  saveBankAccount,
  savePayoutSchedule,
  sendStepUpCode,
} from '@/features/earnings/earnings-api';
import { earningsKeys } from '@/features/earnings/earnings-queries';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/*
 * The money writes. Each dialog shows its own failure in place (the server's words next to the
 * field the seller must change), so none of these names an error toast.
 */

/** A payout of part or all of the available balance; the cards, table and history refresh after it. */
export function useRequestPayout(api: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RequestPayoutBody; idempotencyKey: string }) =>
      requestPayout(api, body, idempotencyKey),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: earningsKeys.all });
    },
  });
}

/** The account name the bank answers for a number, shown before the seller saves it. */
export function useResolveBankAccount(api: ApiClient) {
  return useMutation({
    mutationFn: (body: ResolveBankAccountBody) => resolveBankAccount(api, body),
  });
}

/** Adds or changes the payout account; the answer's hold shows on the screen at once. */
export function useSaveBankAccount(api: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBankAccountBody) => saveBankAccount(api, body),
    onSuccess: (answer) => {
      queryClient.setQueryData<EarningsSummaryResponse>(earningsKeys.summary(), (summary) =>
        summary
          ? { ...summary, bankAccount: answer.bankAccount, payoutHoldUntil: answer.payoutHoldUntil }
          : summary,
      );
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: earningsKeys.all });
    },
  });
}

export function useSavePayoutSchedule(api: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { schedule: PayoutSchedule; stepUp: StepUp }) => savePayoutSchedule(api, body),
    onSuccess: (answer) => {
      queryClient.setQueryData<EarningsSummaryResponse>(earningsKeys.summary(), (summary) =>
        summary ? { ...summary, schedule: answer.schedule } : summary,
      );
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: earningsKeys.summary() });
    },
  });
}

export function useSendStepUpCode(api: ApiClient) {
  return useMutation({ mutationFn: () => sendStepUpCode(api) });
}
