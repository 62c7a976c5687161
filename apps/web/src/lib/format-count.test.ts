import { describe, expect, it } from 'vitest';
import { formatCount } from '@/lib/format-count';

describe('formatCount', () => {
  it('writes exactly what Intl’s en-NG number format writes for counts', () => {
    const intl = new Intl.NumberFormat('en-NG');
    const counts = [
      0,
      -0,
      1,
      12,
      999,
      1000,
      1234,
      -1234,
      1_000_000,
      987_654_321,
      Number.MAX_SAFE_INTEGER,
      2.5,
      1e21,
    ];
    for (let n = 1; n < 1e15; n *= 7) counts.push(n, n + 1, -n);
    for (const count of counts) expect(formatCount(count)).toBe(intl.format(count));
  });
});
