import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '@/lib/relative-time';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('formatRelativeTime (SPEC section 9)', () => {
  it.each([
    [0, '0 seconds ago'],
    [1 * S, '1 second ago'],
    [59 * S, '59 seconds ago'],
    [60 * S, '1 minute ago'],
    [59 * M + 59 * S, '59 minutes ago'],
    [60 * M, '1 hour ago'],
    [23 * H, '23 hours ago'],
    [24 * H - 1, '23 hours ago'],
    [24 * H, 'Yesterday'],
    [47 * H, 'Yesterday'],
    [48 * H - 1, 'Yesterday'],
  ])('%i ms ago reads "%s"', (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(expected);
  });

  it('shows the local date from 48 hours on', () => {
    const created = ago(48 * H);
    expect(formatRelativeTime(created, now, 'en-NG')).toBe(new Date(created).toLocaleDateString('en-NG'));
    expect(formatRelativeTime(created, now, 'en-NG')).not.toMatch(/ago|Yesterday/);
  });

  it('treats a time slightly in the future as now', () => {
    expect(formatRelativeTime(ago(-5 * S), now)).toBe('0 seconds ago');
  });
});
