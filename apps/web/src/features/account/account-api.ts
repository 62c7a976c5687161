import type { AccountOverviewResponse } from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

export const accountKeys = { all: ['account'] as const };

export const accountQueries = {
  overview: (api: ApiClient) =>
    queryOptions({
      queryKey: accountKeys.all,
      queryFn: ({ signal }) => api.get<AccountOverviewResponse>('/seller/account', { signal }),
    }),
};

/** SPEC section 9: onboarding time in hours and minutes, e.g. "2 h 35 min", "45 min". */
export function onboardingTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export const lagosDate = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));

export const whatsAppShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;
