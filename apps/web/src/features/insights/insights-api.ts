import type { AnalyticsRange, AnalyticsResponse } from '@kasuwa/contracts';
import type { ApiClient } from '@/lib/api-client';

export type InsightsParams = { range: AnalyticsRange; from?: string; to?: string };

export const DEFAULT_RANGE: AnalyticsRange = '30d';

/** The page's period from the URL (?range=&from=&to=); anything unreadable is the default. */
export function paramsFromSearch(search: URLSearchParams): InsightsParams {
  const range = search.get('range');
  if (range === 'today' || range === '7d' || range === '30d' || range === '90d') return { range };
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (range === 'custom' && day.test(from) && day.test(to)) return { range, from, to };
  return { range: DEFAULT_RANGE };
}

export function searchOfParams(params: InsightsParams): URLSearchParams {
  const search = new URLSearchParams({ range: params.range });
  if (params.range === 'custom' && params.from && params.to) {
    search.set('from', params.from);
    search.set('to', params.to);
  }
  return search;
}

export function fetchInsights(api: ApiClient, params: InsightsParams, signal?: AbortSignal) {
  return api.get<AnalyticsResponse>(`/analytics?${searchOfParams(params)}`, { signal });
}
