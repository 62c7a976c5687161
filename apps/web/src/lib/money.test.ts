import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNaira, nairaToKobo } from '@/lib/money';

describe('formatNaira', () => {
  it('shows naira with the naira sign, thousands separators and two decimals', () => {
    expect(formatNaira(1234.5)).toBe('₦1,234.50');
  });

  it('shows whole amounts with .00 and zero as ₦0.00', () => {
    expect(formatNaira(2_500_000)).toBe('₦2,500,000.00');
    expect(formatNaira(0)).toBe('₦0.00');
  });

  it('rounds to kobo', () => {
    expect(formatNaira(99.999)).toBe('₦100.00');
  });

  it('puts the minus sign before the naira sign for refunds', () => {
    expect(formatNaira(-50)).toBe('-₦50.00');
  });
});

describe('koboToNaira', () => {
  it('turns integer kobo from the database into naira', () => {
    expect(koboToNaira(123450)).toBe(1234.5);
    expect(formatNaira(koboToNaira(123450))).toBe('₦1,234.50');
  });
});

describe('nairaToKobo', () => {
  it('rounds float naira to whole kobo', () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
  });
});
