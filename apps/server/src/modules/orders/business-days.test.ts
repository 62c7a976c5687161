import { describe, expect, it } from 'vitest';
import { addBusinessDays } from '@/modules/orders/business-days.ts';

describe('Nigerian business days', () => {
  it('counts two weekdays within a week', () => {
    // Monday 10:00 in Lagos.
    expect(addBusinessDays(new Date('2026-01-12T09:00:00Z'), 2)).toEqual(new Date('2026-01-14T09:00:00Z'));
  });

  it('skips the weekend: paid on Friday afternoon, reminded on Tuesday afternoon', () => {
    expect(addBusinessDays(new Date('2026-01-16T14:00:00Z'), 2)).toEqual(new Date('2026-01-20T14:00:00Z'));
  });

  it('reads the weekday in Lagos time, not UTC', () => {
    // Friday 23:30 UTC is already Saturday 00:30 in Lagos: Tuesday 00:30 in Lagos.
    expect(addBusinessDays(new Date('2026-01-16T23:30:00Z'), 2)).toEqual(new Date('2026-01-19T23:30:00Z'));
    // Sunday 23:30 UTC is Monday 00:30 in Lagos: Wednesday 00:30 in Lagos.
    expect(addBusinessDays(new Date('2026-01-18T23:30:00Z'), 2)).toEqual(new Date('2026-01-20T23:30:00Z'));
  });

  it('counts from a Saturday to the Tuesday', () => {
    expect(addBusinessDays(new Date('2026-01-17T10:00:00Z'), 2)).toEqual(new Date('2026-01-20T10:00:00Z'));
  });
});
