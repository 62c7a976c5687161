import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  emptyDraftValues,
  type LiveDraftValues,
  readLiveDraft,
  writeLiveDraft,
} from '@/features/live/live-draft';

const PRODUCT = '7a1c1f8e-0000-4000-8000-000000000101';
const CATEGORY = '7a1c1f8e-0000-4000-8000-0000000000c1';

const auctionDraft = (
  settings: Partial<LiveDraftValues['products'][number]['auctionSettings']>,
): LiveDraftValues => ({
  ...emptyDraftValues,
  title: 'Auction',
  category: CATEGORY,
  startImmediately: true,
  products: [
    {
      productId: PRODUCT,
      auctionSettings: {
        startingBid: '5000',
        durationSeconds: '30',
        counterBidSeconds: '10',
        suddenDeath: false,
        reservePrice: '',
        ...settings,
      },
    },
  ],
});

describe('the live show draft', () => {
  it('is stored per seller and kind in the contract’s shape, and read back as typed', () => {
    writeLiveDraft('seller-a', 'live_auction', auctionDraft({ startingBid: '4,500', reservePrice: '12.' }));
    const stored = JSON.parse(localStorage.getItem('liveShowDraft.seller-a.live_auction') ?? 'null');
    expect(stored.draft.products[0].auctionSettings).toEqual({
      startingBid: 4500,
      durationSeconds: 30,
      counterBidSeconds: 10,
      suddenDeath: false,
      reservePrice: 12,
    });

    const back = readLiveDraft('seller-a', 'live_auction');
    expect(back?.values.products[0]?.auctionSettings.startingBid).toBe('4500');
    expect(readLiveDraft('seller-b', 'live_auction')).toBeNull();
    expect(readLiveDraft('seller-a', 'live_show')).toBeNull();
  });

  it('drops a stored draft of another shape instead of trusting it', () => {
    localStorage.setItem(
      'liveShowDraft.seller-a.live_show',
      JSON.stringify({ version: 1, kind: 'live_show', savedAt: 'x', draft: { title: 42 } }),
    );
    expect(readLiveDraft('seller-a', 'live_show')).toBeNull();
  });

  it('leaves an empty reserve price out of the body and refuses an unfinished number', () => {
    const ok = checkDraft(auctionDraft({}), 'live_auction');
    expect(ok.ok && ok.body.products[0]).toEqual({
      productId: PRODUCT,
      auctionSettings: { startingBid: 5000, durationSeconds: 30, counterBidSeconds: 10, suddenDeath: false },
    });

    const bad = checkDraft(auctionDraft({ startingBid: '' }), 'live_auction');
    expect(bad.ok ? [] : bad.issues).toEqual([
      { path: 'products.0.auctionSettings.startingBid', message: 'Enter a starting bid' },
    ]);
  });
});
