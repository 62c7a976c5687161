import type { Giveaway } from '@kasuwa/contracts';
import { STREAM_ID } from '@/test/live-fixtures';

export const GIVEAWAY_ID = '3f1d2c4b-0000-4000-8000-00000000a001';
export const GOWN_ID = '5d2b7a3e-0000-4000-8000-000000000001';

/** A giveaway of an Ankara gown in the test show, scheduled unless overridden. */
export function testGiveaway(over: Partial<Giveaway> = {}): Giveaway {
  return {
    id: GIVEAWAY_ID,
    streamId: STREAM_ID,
    productId: GOWN_ID,
    productName: 'Ankara gown',
    productImage: null,
    variant: [],
    quantity: 1,
    audience: 'everyone',
    delivery: 'buyer_pays',
    durationSeconds: 300,
    status: 'scheduled',
    startedAt: null,
    endsAt: null,
    entrantsCount: 0,
    winner: null,
    record: null,
    ...over,
  };
}
