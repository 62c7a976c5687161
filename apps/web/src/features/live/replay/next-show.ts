import type { Stream } from '@kasuwa/contracts';
import { type LiveDraftValues, writeLiveDraft } from '@/features/live/live-draft';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A week after the show started, at the same time of day; a further week at a time until it lies ahead. */
export function nextWeekOf(stream: Pick<Stream, 'actualStartTime' | 'scheduledStartTime'>, now: Date): Date {
  let next = Date.parse(stream.actualStartTime ?? stream.scheduledStartTime) + WEEK_MS;
  while (next <= now.getTime()) next += WEEK_MS;
  return new Date(next);
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/**
 * The wizard's draft for "Schedule the next show like this one": the same title, description,
 * category, tags, cover, products and auction settings, a week later. Products since deleted
 * (no id any more) are left out.
 */
export function draftLike(stream: Stream, now: Date): LiveDraftValues {
  const items = stream.products.filter(
    (p) => p.product.productId !== '' && p.product.productId !== p.streamProductId,
  );
  return {
    title: stream.title,
    description: stream.description,
    category: stream.category._id,
    subCategory: stream.subCategory?._id ?? '',
    coverPhoto: stream.coverImage,
    video: stream.video,
    tags: stream.tags,
    products: items.map((p) => ({
      productId: p.product.productId,
      ...(p.variant && p.variant.length > 0 ? { variant: p.variant } : {}),
      auctionSettings: {
        startingBid: text(p.auctionSettings?.startingBid ?? p.product.price),
        durationSeconds: text(p.auctionSettings?.durationSeconds ?? 30),
        counterBidSeconds: text(p.auctionSettings?.counterBidSeconds ?? 10),
        suddenDeath: p.auctionSettings?.suddenDeath ?? false,
        reservePrice: text(p.auctionSettings?.reservePrice),
      },
    })),
    selectedProducts: items.map((p) => ({
      ...p.product,
      ...(p.variant && p.variant.length > 0 ? { variant: p.variant } : {}),
    })),
    scheduledStartTime: nextWeekOf(stream, now).toISOString(),
    startImmediately: false,
  };
}

/** Stores the draft where the wizard of the show's kind restores it from. */
export function prepareNextShow(sellerId: string, stream: Stream, now = new Date()) {
  writeLiveDraft(sellerId, stream.type, draftLike(stream, now), now);
}
