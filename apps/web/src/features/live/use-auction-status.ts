import type { AuctionStatus, ProductBidStatus } from '@kasuwa/contracts';
import { useEffect, useMemo, useReducer } from 'react';
import {
  type AuctionStatusState,
  activeProductId,
  auctionStatusReducer,
  emptyAuctionStatus,
  nextDueAt,
} from '@/features/live/auction-status';

export type AuctionStatusControls = {
  activate: (productId: string) => void;
  timer: (productId: string, secondsLeft: number) => void;
  signal: (productId: string, status: AuctionStatus) => void;
  winner: (productId: string) => void;
  hydrate: (products: readonly { productId: string; bidStatus: ProductBidStatus }[]) => void;
};

/**
 * The auction status reducer on the real clock: every event is stamped with `Date.now()`, and one
 * timer waits for the next scheduled transition.
 */
export function useAuctionStatus(initial: AuctionStatusState = emptyAuctionStatus) {
  const [state, dispatch] = useReducer(auctionStatusReducer, initial);
  const due = nextDueAt(state);

  useEffect(() => {
    if (due === null) return;
    // The timer firing is the clock saying `due` has come: stamping the tick with at least `due`
    // means a timer that fires a millisecond early cannot leave the transition waiting forever.
    const id = setTimeout(
      () => dispatch({ type: 'tick', now: Math.max(Date.now(), due) }),
      Math.max(0, due - Date.now()),
    );
    return () => clearTimeout(id);
  }, [due]);

  const controls = useMemo<AuctionStatusControls>(
    () => ({
      activate: (productId) => dispatch({ type: 'activate', productId, now: Date.now() }),
      timer: (productId, secondsLeft) => dispatch({ type: 'timer', productId, secondsLeft, now: Date.now() }),
      signal: (productId, status) => dispatch({ type: 'signal', productId, status, now: Date.now() }),
      winner: (productId) => dispatch({ type: 'winner', productId, now: Date.now() }),
      hydrate: (products) => dispatch({ type: 'hydrate', products, now: Date.now() }),
    }),
    [],
  );

  return { statuses: state.statuses, activeProductId: activeProductId(state), ...controls };
}
