import { describe, expect, it } from 'vitest';
import { formatDate } from '@/features/orders/order-format';

describe('formatDate', () => {
  const intl = new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  });

  it('writes exactly what Intl’s en-NG Lagos date writes, which it does not build', () => {
    // Every month, both sides of Lagos midnight (23:00 UTC), and 5,000 instants from 1920 to 2100.
    const instants = [
      '2026-03-14T10:00:00.000Z',
      '2026-09-05T22:59:59.999Z',
      '2026-09-05T23:00:00.000Z',
      '2026-12-31T23:30:00.000Z',
      '2024-02-29T12:00:00Z',
      '1920-01-01T00:00:00Z',
      '2099-12-31T23:00:00Z',
    ];
    for (let m = 0; m < 12; m++) instants.push(new Date(Date.UTC(2026, m, 1, 23, 15)).toISOString());
    const from = Date.UTC(1920, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    let seed = 20;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      instants.push(new Date(from + (seed / 2 ** 31) * (to - from)).toISOString());
    }
    for (const iso of instants) expect(formatDate(iso), iso).toBe(intl.format(new Date(iso)));
    expect(formatDate('2026-09-05T23:00:00.000Z')).toBe('6 Sept 2026');
  });

  it('leaves dates before West Africa Time, and invalid ones, to Intl', () => {
    expect(formatDate('1910-06-01T12:00:00Z')).toBe(intl.format(new Date('1910-06-01T12:00:00Z')));
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
