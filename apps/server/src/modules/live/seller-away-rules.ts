import { BIDS_PAUSED_MESSAGE } from '@kasuwa/contracts';
import { HttpError } from '@/lib/errors.ts';
import { toNaira } from '@/lib/naira.ts';

/**
 * A show whose seller's studio dropped mid-show (issue 20, docs/proxy-bidding.md "When the
 * seller's connection drops"), with no I/O: while the seller is away no bid is taken and the
 * running auction's clock stands still; when they are back the clock is pushed on by the time
 * lost, so nobody loses a bid to the seller's network. Past the grace period the show ends.
 */

/** Refuses a bid (or a max bid) while the show's seller is away, with the reason and the minimum. */
export function refuseWhileSellerAway(item: { sellerAwaySince: Date | null }, minimumKobo: number): void {
  if (item.sellerAwaySince) {
    throw new HttpError(409, BIDS_PAUSED_MESSAGE, { minimumNextBid: toNaira(minimumKobo) });
  }
}

/** A paused clock's end once the seller is back: moved on by exactly the time they were away. */
export function resumedEndsAt(endsAt: Date, awaySince: Date, now: Date): Date {
  return new Date(endsAt.getTime() + Math.max(0, now.getTime() - awaySince.getTime()));
}

/** When an away seller's show ends on its own. */
export function graceEndsAt(awaySince: Date, graceMs: number): Date {
  return new Date(awaySince.getTime() + graceMs);
}
