import { describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api-client';
import { createFileDownloader, lagosDate } from '@/lib/download-file';

describe('downloading a file the API makes', () => {
  it('sends the bearer token and hands the file to the browser under its name', async () => {
    const seen: Array<{ url: string; auth: string | null }> = [];
    const saved: Array<{ text: string; type: string; name: string }> = [];
    const download = createFileDownloader({
      getToken: () => 'token-9',
      fetch: (async (url: string, init: RequestInit) => {
        seen.push({ url, auth: new Headers(init.headers).get('authorization') });
        return new Response('number,total\nKSW-1,100\n', { headers: { 'Content-Type': 'text/csv' } });
      }) as typeof fetch,
      save: (blob, name) => {
        void blob.text().then((text) => saved.push({ text, type: blob.type, name }));
      },
    });
    await download('/orders/export.csv?tab=all', 'orders.csv');
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([{ url: '/api/orders/export.csv?tab=all', auth: 'Bearer token-9' }]);
    expect(saved).toEqual([{ text: 'number,total\nKSW-1,100\n', type: 'text/csv', name: 'orders.csv' }]);
  });

  it('rejects with the server’s message and saves nothing when it refuses', async () => {
    let saved = false;
    const download = createFileDownloader({
      getToken: () => null,
      fetch: (async () =>
        new Response(JSON.stringify({ message: 'Order not found' }), { status: 404 })) as typeof fetch,
      save: () => {
        saved = true;
      },
    });
    const error = await download('/orders/x/packing-slip.pdf', 'slip.pdf').catch((e: unknown) => e);
    expect(isApiError(error) && error.status === 404 && error.message).toBe('Order not found');
    expect(saved).toBe(false);
  });

  it('calls a dropped connection a network problem', async () => {
    const download = createFileDownloader({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
      save: () => {},
    });
    const error = await download('/orders/export.csv', 'o.csv').catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('network');
  });

  it('names files by the date in Lagos', () => {
    expect(lagosDate(new Date('2026-03-14T23:30:00Z'))).toBe('2026-03-15');
  });
});
