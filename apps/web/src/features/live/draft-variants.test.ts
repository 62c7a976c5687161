import { describe, expect, it } from 'vitest';
import { draftItemKey, variantAuctionSettings, variantName } from '@/features/live/draft-variants';
import {
  defaultAuctionSettings,
  emptyDraftValues,
  readLiveDraft,
  writeLiveDraft,
} from '@/features/live/live-draft';
import { SELLER_ID, testProduct } from '@/features/live/testing';

const redM = [
  { name: 'Colour', value: 'Red' },
  { name: 'Size', value: 'M' },
];

describe('the draft of a live auction with variants', () => {
  it('keeps each row’s combination and its summary across a reload', () => {
    const row = { productId: 'p1', variant: redM, auctionSettings: defaultAuctionSettings() };
    const summary = {
      productId: 'p1',
      variant: redM,
      name: 'Ankara dress — Red / M',
      price: 15000,
      image: null,
    };
    writeLiveDraft(SELLER_ID, 'live_auction', {
      ...emptyDraftValues,
      products: [row, { productId: 'p2', auctionSettings: defaultAuctionSettings() }],
      selectedProducts: [summary],
    });
    const kept = readLiveDraft(SELLER_ID, 'live_auction')?.values;
    expect(kept?.products.map((p) => p.variant)).toEqual([redM, undefined]);
    expect(kept?.selectedProducts).toEqual([summary]);
  });

  it('tells rows apart by product and combination, whatever the case', () => {
    expect(draftItemKey({ productId: 'p1', variant: redM })).toBe(
      draftItemKey({ productId: 'p1', variant: redM.map((v) => ({ ...v, value: v.value.toUpperCase() })) }),
    );
    expect(draftItemKey({ productId: 'p1', variant: redM })).not.toBe(draftItemKey({ productId: 'p1' }));
    expect(variantName('Ankara dress', redM)).toBe('Ankara dress — Red / M');
    expect(variantName('Leather bag', [])).toBe('Leather bag');
  });

  it('starts a combination at its own price and keeps the reserve only where it is not below it', () => {
    const dress = testProduct({
      saleType: { buyNow: true, auction: { startingBid: 12000, reservePrice: 16000 } },
    });
    expect(variantAuctionSettings(dress, { price: 15000 })).toMatchObject({
      startingBid: '15000',
      reservePrice: '16000',
    });
    expect(variantAuctionSettings(dress, { price: 18000 })).toMatchObject({
      startingBid: '18000',
      reservePrice: '',
    });
  });
});
