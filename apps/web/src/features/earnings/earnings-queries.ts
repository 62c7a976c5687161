import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type ChartParams,
  fetchBanks,
  fetchChart,
  fetchPayouts,
  fetchSummary,
  fetchTransactions,
  type TransactionParams,
} from '@/features/earnings/earnings-api';
import type { ApiClient } from '@/lib/api-client';

/*
 * The money reads, keys nested so one invalidation after a payout or a bank change reaches all:
 *   ['earnings']                               everything on the Earnings & Payouts screen
 *   ['earnings', 'summary']                    the cards, bank account, schedule and payout block
 *   ['earnings', 'chart', params]              the chart for one range
 *   ['earnings', 'transactions', params]       one page of the transactions table
 *   ['earnings', 'payouts', page]              one page of the payout history
 *   ['payout-banks']                           the banks (the same for everyone; kept for the session)
 */
export const earningsKeys = {
  all: ['earnings'] as const,
  summary: () => [...earningsKeys.all, 'summary'] as const,
  charts: () => [...earningsKeys.all, 'chart'] as const,
  transactions: () => [...earningsKeys.all, 'transactions'] as const,
  payouts: () => [...earningsKeys.all, 'payouts'] as const,
  banks: ['payout-banks'] as const,
};

export const earningsQueries = {
  summary: (api: ApiClient) =>
    queryOptions({
      queryKey: earningsKeys.summary(),
      queryFn: ({ signal }) => fetchSummary(api, signal),
    }),
  chart: (api: ApiClient, params: ChartParams) =>
    queryOptions({
      queryKey: [...earningsKeys.charts(), params],
      queryFn: ({ signal }) => fetchChart(api, params, signal),
      placeholderData: keepPreviousData,
    }),
  transactions: (api: ApiClient, params: TransactionParams) =>
    queryOptions({
      queryKey: [...earningsKeys.transactions(), params],
      queryFn: ({ signal }) => fetchTransactions(api, params, signal),
      placeholderData: keepPreviousData,
    }),
  payouts: (api: ApiClient, page: number) =>
    queryOptions({
      queryKey: [...earningsKeys.payouts(), page],
      queryFn: ({ signal }) => fetchPayouts(api, page, signal),
      placeholderData: keepPreviousData,
    }),
  banks: (api: ApiClient) =>
    queryOptions({
      queryKey: earningsKeys.banks,
      queryFn: ({ signal }) => fetchBanks(api, signal),
      staleTime: 60 * 60 * 1000,
      select: (data) => data.banks,
    }),
};
