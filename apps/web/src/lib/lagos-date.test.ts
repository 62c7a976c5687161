import { describe, expect, it } from 'vitest';
import {
  lagosDateTime,
  lagosDayMonth,
  lagosDayMonthYear,
  lagosWeekdayDayMonth,
  lagosWeekdayShort,
} from '@/lib/lagos-date';

const forms: [string, (d: Date) => string, Intl.DateTimeFormatOptions][] = [
  ['lagosDayMonthYear', lagosDayMonthYear, { day: 'numeric', month: 'short', year: 'numeric' }],
  ['lagosDayMonth', lagosDayMonth, { day: 'numeric', month: 'short' }],
  ['lagosWeekdayShort', lagosWeekdayShort, { weekday: 'short' }],
  ['lagosWeekdayDayMonth', lagosWeekdayDayMonth, { weekday: 'long', day: 'numeric', month: 'short' }],
];

// Every month and weekday on both sides of Lagos midnight (23:00 UTC), leap days, the edges of the
// hand-written range, and 5,000 instants from 1920 to 2100.
const instants = [
  '2026-03-14T10:00:00.000Z',
  '2026-09-05T22:59:59.999Z',
  '2026-09-05T23:00:00.000Z',
  '2026-12-31T23:30:00.000Z',
  '2024-02-29T12:00:00Z',
  '1920-01-01T00:00:00Z',
  '2099-12-31T23:00:00Z',
].map((iso) => new Date(iso));
for (let m = 0; m < 12; m++) instants.push(new Date(Date.UTC(2026, m, 1, 23, 15)));
for (let d = 0; d < 7; d++) instants.push(new Date(Date.UTC(2026, 0, 4 + d, 22, 30)));
let seed = 20;
for (let i = 0; i < 5000; i++) {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  const from = Date.UTC(1920, 0, 1);
  instants.push(new Date(from + (seed / 2 ** 31) * (Date.UTC(2100, 0, 1) - from)));
}

describe('Lagos dates written by hand', () => {
  for (const [name, write, options] of forms) {
    it(`${name} writes exactly what Intl's en-NG format in Lagos time writes`, () => {
      const intl = new Intl.DateTimeFormat('en-NG', { ...options, timeZone: 'Africa/Lagos' });
      for (const date of instants) expect(write(date), date.toISOString()).toBe(intl.format(date));
      // Before West Africa Time (1919) and for an invalid date, Intl itself writes (or refuses) it.
      const old = new Date('1910-06-01T12:00:00Z');
      expect(write(old)).toBe(intl.format(old));
      expect(() => write(new Date('not a date'))).toThrow(RangeError);
    });
  }

  it('writes September as en-NG does', () => {
    expect(lagosDayMonthYear(new Date('2026-09-05T23:00:00Z'))).toBe('6 Sept 2026');
    expect(lagosWeekdayDayMonth(new Date('2026-09-05T23:00:00Z'))).toBe('Sunday, 6 Sept');
  });
});

describe('lagosDateTime', () => {
  it('writes a moment in Lagos time with the hour as the rest of the app writes it (7:02, not 07:02)', () => {
    expect(lagosDateTime('2026-11-29T06:02:00Z')).toBe('29 Nov 2026, 7:02');
    expect(lagosDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('1 Jan 2027, 0:30');
  });
});
