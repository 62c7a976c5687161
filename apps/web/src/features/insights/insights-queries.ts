import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchInsights, type InsightsParams } from '@/features/insights/insights-api';
import type { ApiClient } from '@/lib/api-client';

/*
 * Analytics & Insights reads one answer per period:
 *   ['insights']                  everything on the screen
 *   ['insights', params]          the figures, charts and tables of one period
 */
export const insightsKeys = { all: ['insights'] as const };

export const insightsQueries = {
  overview: (api: ApiClient, params: InsightsParams) =>
    queryOptions({
      queryKey: [...insightsKeys.all, params],
      queryFn: ({ signal }) => fetchInsights(api, params, signal),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
};
