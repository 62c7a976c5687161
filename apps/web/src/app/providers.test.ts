import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/providers';

function retryPolicy() {
  const retry = createQueryClient().getDefaultOptions().queries?.retry;
  if (typeof retry !== 'function') throw new Error('expected a retry function');
  return retry;
}

describe('createQueryClient', () => {
  it('retries a dropped request twice, then gives up', () => {
    const retry = retryPolicy();
    const networkError = new TypeError('Failed to fetch');
    expect(retry(0, networkError)).toBe(true);
    expect(retry(1, networkError)).toBe(true);
    expect(retry(2, networkError)).toBe(false);
  });

  it('does not retry an answer from the server such as 401 or 404', () => {
    const retry = retryPolicy();
    expect(retry(0, Object.assign(new Error('Invalid token'), { status: 401 }))).toBe(false);
    expect(retry(0, Object.assign(new Error('Not found'), { status: 404 }))).toBe(false);
    expect(retry(0, Object.assign(new Error('Bad gateway'), { status: 502 }))).toBe(true);
  });

  it('does not refetch everything when the seller switches back to the tab', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });
});
