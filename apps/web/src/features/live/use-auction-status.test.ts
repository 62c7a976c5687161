import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuctionStatus } from '@/features/live/use-auction-status';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-02-01T18:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useAuctionStatus', () => {
  it('switches a product to ongoing 100 ms after its timer reaches 0, on real timers', () => {
    const { result } = renderHook(() => useAuctionStatus());
    act(() => {
      result.current.activate('p1');
      result.current.timer('p1', 0);
    });
    act(() => vi.advanceTimersByTime(99));
    expect(result.current.statuses.p1).toBe('active');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.statuses.p1).toBe('ongoing');
    expect(result.current.activeProductId).toBeNull();
  });

  it('ends an ongoing product 30 s after its ended signal', () => {
    const { result } = renderHook(() => useAuctionStatus());
    act(() => {
      result.current.activate('p1');
      result.current.winner('p1');
      result.current.signal('p1', 'ended');
    });
    act(() => vi.advanceTimersByTime(29_999));
    expect(result.current.statuses.p1).toBe('ongoing');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.statuses.p1).toBe('ended');
  });

  it('drops the pending end when the product is activated again', () => {
    const { result } = renderHook(() => useAuctionStatus());
    act(() => {
      result.current.activate('p1');
      result.current.winner('p1');
      result.current.signal('p1', 'ended');
    });
    act(() => vi.advanceTimersByTime(5_000));
    act(() => result.current.activate('p1'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.statuses.p1).toBe('active');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('applies a transition even when its timer fires a little early', () => {
    const { result } = renderHook(() => useAuctionStatus());
    act(() => {
      result.current.activate('p1');
      result.current.timer('p1', 0);
    });
    // Move the wall clock back so Date.now() is short of the due time when the timer fires.
    vi.setSystemTime(Date.now() - 5);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.statuses.p1).toBe('ongoing');
  });

  it('stops waiting when unmounted', () => {
    const { result, unmount } = renderHook(() => useAuctionStatus());
    act(() => {
      result.current.activate('p1');
      result.current.timer('p1', 0);
    });
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
