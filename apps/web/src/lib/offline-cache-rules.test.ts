import { describe, expect, it } from 'vitest';
import { isCacheableApiGet, isMediaGet, tokenSubject } from '@/lib/offline-cache-rules';

const url = (path: string) => new URL(path, 'https://seller.kasuwa.test');

describe('what the service worker keeps for offline', () => {
  it('keeps the dashboard’s reads, so they open with no connection', () => {
    for (const path of ['/api/orders?tab=to_ship', '/api/products/seller/abc', '/api/analytics?range=7d']) {
      expect(isCacheableApiGet(url(path), 'GET', true), path).toBe(true);
    }
  });

  it('never keeps sign-in, money, identity, exports or an upload’s state', () => {
    for (const path of [
      '/api/seller/login',
      '/api/auth/refresh-token',
      '/api/checkout/abc',
      '/api/payouts',
      '/api/seller/bank-account',
      '/api/kyc',
      '/api/orders/export.csv',
      '/api/customers/export.csv',
      '/api/earnings/statement.csv',
      '/api/orders/abc/packing-slip.pdf',
      '/api/uploads/tus/abc_product-photo_def',
    ]) {
      expect(isCacheableApiGet(url(path), 'GET', true), path).toBe(false);
    }
  });

  it('keeps no write, no other site’s answer, and leaves photos to the media cache', () => {
    expect(isCacheableApiGet(url('/api/orders'), 'POST', true)).toBe(false);
    expect(isCacheableApiGet(url('/api/orders'), 'GET', false)).toBe(false);
    expect(isCacheableApiGet(url('/api/media/products/a/b.webp'), 'GET', true)).toBe(false);
    expect(isMediaGet(url('/api/media/products/a/b.w320.avif'), 'GET', true)).toBe(true);
    expect(isMediaGet(url('/api/media/replays/a.webm'), 'GET', true)).toBe(false);
  });

  it('reads whose session a kept answer belongs to from the token', () => {
    const payload = btoa(JSON.stringify({ sub: 'seller-1' })).replace(/=+$/, '');
    expect(tokenSubject(`Bearer h.${payload}.s`)).toBe('seller-1');
    expect(tokenSubject('Bearer nonsense')).toBeNull();
    expect(tokenSubject(null)).toBeNull();
  });
});
