import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNaira, nairaToKobo, parseNairaInput } from '@/lib/money';

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

  it('writes exactly what Intl’s en-NG naira format writes, which it does not build', () => {
    const intl = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
    const edges = [0, -0, 0.005, 1.005, -0.001, 0.125, 0.1 + 0.2, 99.995, 1e9, 12_345_678.915, 2 ** 53, 1e21];
    const odd = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e-7];
    // A seeded run of amounts as the API sends them: kobo / 100, and prices typed with up to 4 decimals.
    let seed = 20;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const amounts = Array.from({ length: 5000 }, (_, i) => {
      const size = 10 ** Math.floor(next() * 10);
      const value = i % 2 ? Math.round(next() * size * 100) / 100 : Number((next() * size).toFixed(i % 5));
      return i % 7 === 0 ? -value : value;
    });
    for (const amount of [...edges, ...odd, ...amounts])
      expect(formatNaira(amount)).toBe(intl.format(amount));
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

describe('parseNairaInput', () => {
  it('reads amounts typed with commas, spaces and the naira sign', () => {
    expect(parseNairaInput('15000')).toBe(15000);
    expect(parseNairaInput('₦ 1,250.50')).toBe(1250.5);
    expect(parseNairaInput(' 2 500 ')).toBe(2500);
    expect(parseNairaInput('.5')).toBe(0.5);
  });

  it('takes an empty box as nothing', () => {
    expect(parseNairaInput('')).toBeUndefined();
    expect(parseNairaInput(' ₦ ')).toBeUndefined();
  });

  it('keeps a minus sign, so the schema can say the amount cannot be negative', () => {
    expect(parseNairaInput('-5')).toBe(-5);
    expect(parseNairaInput('-₦1,000')).toBe(-1000);
  });

  it('gives NaN for text that is not a number', () => {
    for (const text of ['abc', '12a', '1.2.3', '.', '-', '-.', '5-', '1e3']) {
      expect(parseNairaInput(text), text).toBeNaN();
    }
  });
});
