import { describe, expect, it } from 'vitest';
import {
  type AuctionStatusAction,
  type AuctionStatusState,
  activeProductId,
  auctionStatusReducer,
  emptyAuctionStatus,
  nextDueAt,
} from '@/features/live/auction-status';

type Event =
  | { type: 'activate'; productId: string }
  | { type: 'timer'; productId: string; secondsLeft: number }
  | { type: 'signal'; productId: string; status: 'active' | 'ongoing' | 'ended' }
  | { type: 'winner'; productId: string };

/** The reducer on a fake clock: `send` stamps events with the clock's time, `advance` moves it and ticks. */
function auction(initial: AuctionStatusState = emptyAuctionStatus) {
  let now = Date.UTC(2026, 1, 1, 18);
  let state = initial;
  const dispatch = (a: AuctionStatusAction) => {
    state = auctionStatusReducer(state, a);
  };
  return {
    send(...events: Event[]) {
      for (const e of events) dispatch({ ...e, now } as AuctionStatusAction);
    },
    hydrate(products: { productId: string; bidStatus: 'pending' | 'active' | 'ongoing' | 'ended' }[]) {
      dispatch({ type: 'hydrate', products, now });
    },
    advance(ms: number) {
      now += ms;
      dispatch({ type: 'tick', now });
    },
    status: (productId: string) => state.statuses[productId],
    get state() {
      return state;
    },
    get now() {
      return now;
    },
  };
}

const activate = (productId: string): Event => ({ type: 'activate', productId });
const timer = (productId: string, secondsLeft: number): Event => ({ type: 'timer', productId, secondsLeft });
const signal = (productId: string, status: 'active' | 'ongoing' | 'ended'): Event => ({
  type: 'signal',
  productId,
  status,
});
const winner = (productId: string): Event => ({ type: 'winner', productId });

describe('auction bidding status (SPEC section 4)', () => {
  it('marks an activated product active', () => {
    const a = auction();
    a.send(activate('p1'));
    expect(a.status('p1')).toBe('active');
    expect(activeProductId(a.state)).toBe('p1');
  });

  it('ends every other active or ongoing product when bidding is activated', () => {
    const a = auction();
    a.send(activate('p1'), winner('p2'), activate('p3'));
    expect(a.status('p1')).toBe('ended');
    expect(a.status('p2')).toBe('ended');
    expect(a.status('p3')).toBe('active');
  });

  it('leaves products that already ended, ended, when another is activated', () => {
    const a = auction();
    a.send(activate('p1'), signal('p1', 'ended'), activate('p2'));
    expect(a.state.statuses).toEqual({ p1: 'ended', p2: 'active' });
  });

  it('moves an active product to ongoing 100 ms after its timer reaches 0', () => {
    const a = auction();
    a.send(activate('p1'), timer('p1', 1));
    a.advance(1_000);
    a.send(timer('p1', 0));
    a.advance(99);
    expect(a.status('p1')).toBe('active');
    a.advance(1);
    expect(a.status('p1')).toBe('ongoing');
  });

  it('does not restart the 100 ms wait for repeated zero timers', () => {
    const a = auction();
    a.send(activate('p1'), timer('p1', 0));
    a.advance(60);
    a.send(timer('p1', 0));
    a.advance(40);
    expect(a.status('p1')).toBe('ongoing');
  });

  it('ignores a zero timer for a product that is not active', () => {
    const a = auction();
    a.send(activate('p1'), activate('p2'), timer('p1', 0));
    expect(a.state.scheduled).toEqual([]);
    a.advance(100);
    expect(a.status('p1')).toBe('ended');
  });

  it('applies an ended signal on an ongoing product after 30 s', () => {
    const a = auction();
    a.send(activate('p1'), winner('p1'), signal('p1', 'ended'));
    a.advance(29_999);
    expect(a.status('p1')).toBe('ongoing');
    a.advance(1);
    expect(a.status('p1')).toBe('ended');
  });

  it('counts the 30 s from the first ended signal, not from repeats', () => {
    const a = auction();
    a.send(activate('p1'), winner('p1'), signal('p1', 'ended'));
    a.advance(20_000);
    a.send(signal('p1', 'ended'));
    a.advance(10_000);
    expect(a.status('p1')).toBe('ended');
  });

  it('applies an ended signal on an active product whose clock was not seen at 0 at once', () => {
    const a = auction();
    a.send(activate('p1'), signal('p1', 'ended'));
    expect(a.status('p1')).toBe('ended');
  });

  it('ignores an ongoing signal while another product is active', () => {
    const a = auction();
    a.send(activate('p1'), signal('p2', 'ongoing'));
    expect(a.status('p2')).toBeUndefined();
    a.send(activate('p2'), signal('p1', 'ongoing'));
    expect(a.status('p1')).toBe('ended');
  });

  it('applies an ongoing signal when no other product is active', () => {
    const a = auction();
    a.send(activate('p1'), signal('p1', 'ongoing'));
    expect(a.status('p1')).toBe('ongoing');
    a.send(signal('p2', 'ongoing'));
    expect(a.status('p2')).toBe('ongoing');
  });

  it('sets the product to ongoing when its auction has a winner', () => {
    const a = auction();
    a.send(activate('p1'), winner('p1'));
    expect(a.status('p1')).toBe('ongoing');
  });

  it('treats an active signal as an activation', () => {
    const a = auction();
    a.send(activate('p1'), signal('p2', 'active'));
    expect(a.state.statuses).toEqual({ p1: 'ended', p2: 'active' });
  });
});

describe('auction bidding status: edge cases', () => {
  it('cancels a pending ended when the product is activated again', () => {
    const a = auction();
    a.send(activate('p1'), winner('p1'), signal('p1', 'ended'));
    a.advance(10_000);
    a.send(activate('p1'));
    a.advance(30_000);
    expect(a.status('p1')).toBe('active');
    expect(nextDueAt(a.state)).toBeNull();
  });

  it('cancels a pending switch to ongoing when another product is activated', () => {
    const a = auction();
    a.send(activate('p1'), timer('p1', 0), activate('p2'));
    a.advance(100);
    expect(a.status('p1')).toBe('ended');
  });

  it('lets a winner during the 100 ms wait set ongoing at once, and the wait then changes nothing', () => {
    const a = auction();
    a.send(activate('p1'), timer('p1', 0), winner('p1'));
    expect(a.status('p1')).toBe('ongoing');
    a.send(signal('p1', 'ended'));
    a.advance(100);
    expect(a.status('p1')).toBe('ongoing');
    a.advance(29_900);
    expect(a.status('p1')).toBe('ended');
  });

  it('keeps the product ongoing for 30 s when the ended signal arrives during the 100 ms wait', () => {
    const a = auction();
    a.send(activate('p1'), timer('p1', 0), signal('p1', 'ended'));
    expect(a.status('p1')).toBe('active');
    a.advance(100);
    expect(a.status('p1')).toBe('ongoing');
    a.advance(29_899);
    expect(a.status('p1')).toBe('ongoing');
    a.advance(1);
    expect(a.status('p1')).toBe('ended');
  });

  it('keeps the pending ended when a winner arrives during the 30 s', () => {
    const a = auction();
    a.send(activate('p1'), winner('p1'), signal('p1', 'ended'));
    a.advance(15_000);
    a.send(winner('p1'));
    a.advance(15_000);
    expect(a.status('p1')).toBe('ended');
  });

  it('shows a winner arriving after its ended signal for 30 s, then ends it', () => {
    const a = auction();
    a.send(activate('p1'), signal('p1', 'ended'), winner('p1'));
    expect(a.status('p1')).toBe('ongoing');
    a.advance(30_000);
    expect(a.status('p1')).toBe('ended');
  });

  it('applies due transitions in the order they fall due within one tick', () => {
    const a = auction();
    a.send(activate('p1'), timer('p1', 0), signal('p1', 'ended'));
    a.advance(60_000);
    expect(a.status('p1')).toBe('ended');
    expect(a.state.scheduled).toEqual([]);
  });

  it('reports when the next transition falls due', () => {
    const a = auction();
    expect(nextDueAt(a.state)).toBeNull();
    a.send(activate('p1'), timer('p1', 0));
    expect(nextDueAt(a.state)).toBe(a.now + 100);
  });

  it('applies the fetched stream’s statuses as signals, leaving pending products out', () => {
    const a = auction();
    a.hydrate([
      { productId: 'p1', bidStatus: 'ended' },
      { productId: 'p2', bidStatus: 'active' },
      { productId: 'p3', bidStatus: 'pending' },
    ]);
    expect(a.state.statuses).toEqual({ p1: 'ended', p2: 'active' });
  });

  it('keeps a pending switch to ongoing when a refetch says the product is still active', () => {
    const a = auction();
    a.send(activate('p1'), timer('p1', 0));
    a.hydrate([{ productId: 'p1', bidStatus: 'active' }]);
    a.advance(100);
    expect(a.status('p1')).toBe('ongoing');
  });

  it('keeps a shown winner for its 30 s when a refetch says the product ended', () => {
    const a = auction();
    a.send(activate('p1'), winner('p1'));
    a.hydrate([{ productId: 'p1', bidStatus: 'ended' }]);
    expect(a.status('p1')).toBe('ongoing');
    a.advance(30_000);
    expect(a.status('p1')).toBe('ended');
  });

  it('returns the same state for events that change nothing', () => {
    const a = auction();
    a.send(activate('p1'));
    const before = a.state;
    a.send(timer('p1', 12), activate('p1'));
    a.advance(5_000);
    expect(a.state).toBe(before);
  });
});
