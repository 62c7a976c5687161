import type {
  CouponBody,
  CouponChoicesResponse,
  CouponResponse,
  CouponsResponse,
  CouponsSummaryResponse,
} from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/*
 * The seller's coupons. Keys nest so a save or a switch invalidates ['coupons'] and the list, the
 * summary card and an open edit form refresh together.
 */
export const couponKeys = {
  all: ['coupons'] as const,
  list: () => [...couponKeys.all, 'list'] as const,
  summary: () => [...couponKeys.all, 'summary'] as const,
  detail: (id: string) => [...couponKeys.all, 'detail', id] as const,
  choices: () => [...couponKeys.all, 'choices'] as const,
};

const couponPath = (id: string) => `/coupons/${encodeURIComponent(id)}`;

export const couponQueries = {
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: couponKeys.list(),
      queryFn: ({ signal }) => api.get<CouponsResponse>('/coupons', { signal }),
      refetchOnWindowFocus: true,
    }),
  summary: (api: ApiClient) =>
    queryOptions({
      queryKey: couponKeys.summary(),
      queryFn: ({ signal }) => api.get<CouponsSummaryResponse>('/coupons/summary', { signal }),
    }),
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: couponKeys.detail(id),
      queryFn: ({ signal }) => api.get<CouponResponse>(couponPath(id), { signal }),
      select: (data) => data.coupon,
    }),
  choices: (api: ApiClient) =>
    queryOptions({
      queryKey: couponKeys.choices(),
      queryFn: ({ signal }) => api.get<CouponChoicesResponse>('/coupons/choices', { signal }),
    }),
};

export const createCoupon = (api: ApiClient, body: CouponBody) => api.post<CouponResponse>('/coupons', body);
export const updateCoupon = (api: ApiClient, id: string, body: CouponBody) =>
  api.put<CouponResponse>(couponPath(id), body);
export const setCouponDisabled = (api: ApiClient, id: string, disabled: boolean) =>
  api.post<CouponResponse>(`${couponPath(id)}/${disabled ? 'disable' : 'enable'}`);
