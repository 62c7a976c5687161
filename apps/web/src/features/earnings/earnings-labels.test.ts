import {
  LEDGER_ENTRY_KIND_LABELS,
  LEDGER_FILTER_LABELS,
  ledgerFilterSchema,
  MIN_PAYOUT_KOBO,
  PAYOUT_SCHEDULE_LABELS,
  PAYOUT_STATUS_LABELS,
  payoutScheduleSchema,
} from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MINIMUM_PAYOUT,
  formatShortDate,
  LEDGER_FILTER_TEXT,
  LEDGER_FILTERS,
  LEDGER_KIND_TEXT,
  PAYOUT_SCHEDULE_TEXT,
  PAYOUT_SCHEDULES,
  PAYOUT_STATUS_TEXT,
} from '@/features/earnings/earnings-labels';

describe('the earnings words', () => {
  it("are the contract's, in the contract's order", () => {
    expect(LEDGER_FILTER_TEXT).toEqual(LEDGER_FILTER_LABELS);
    expect(LEDGER_FILTERS).toEqual(ledgerFilterSchema.options);
    expect(LEDGER_KIND_TEXT).toEqual(LEDGER_ENTRY_KIND_LABELS);
    expect(PAYOUT_SCHEDULE_TEXT).toEqual(PAYOUT_SCHEDULE_LABELS);
    expect(PAYOUT_SCHEDULES).toEqual(payoutScheduleSchema.options);
    expect(PAYOUT_STATUS_TEXT).toEqual(PAYOUT_STATUS_LABELS);
    expect(DEFAULT_MINIMUM_PAYOUT * 100).toBe(MIN_PAYOUT_KOBO);
  });

  it('names a date in Lagos, with the year only when it is not this one', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    // 23:30 UTC on the 1st is already the 2nd in Lagos.
    expect(formatShortDate('2026-12-01T23:30:00Z', now)).toBe('2 Dec');
    expect(formatShortDate('2027-01-04T09:00:00Z', now)).toBe('4 Jan 2027');
  });
});
