import { type Stream, type StreamProduct, type StreamStatus, streamDurationMinutes } from '@kasuwa/contracts';
import type { StreamProductRow } from '@/db/schema/live.ts';
import { toNaira } from '@/lib/naira.ts';
import { type AuctionState, minimumNextBidKobo } from '@/modules/live/auction-rules.ts';
import {
  EXPIRY_GRACE_MS,
  type StreamProductRecord,
  type StreamRecord,
  type StreamTotals,
} from '@/modules/live/live.repository.ts';
import { itemName } from '@/modules/live/live-announcer.ts';
import { channelNameOf, type VideoProvider } from '@/video/video-provider.ts';

/** The status a show reads as at `now`: a scheduled show past its grace period is expired. */
export function effectiveStatus(
  row: Pick<StreamRecord, 'status' | 'scheduledStartTime'>,
  now: Date,
): StreamStatus {
  if (row.status === 'scheduled' && row.scheduledStartTime.getTime() < now.getTime() - EXPIRY_GRACE_MS) {
    return 'expired';
  }
  return row.status;
}

/** A stream product's auction as auction-rules sees it; null for a product of an Open Live Show. */
export function auctionStateOf(row: StreamProductRow): AuctionState | null {
  if (row.startingBidKobo === null) return null;
  return {
    // The server never stores `ongoing`: the clock's end closes an auction straight to ended.
    status: row.bidStatus === 'active' ? 'active' : row.bidStatus === 'pending' ? 'pending' : 'ended',
    settings: {
      startingBidKobo: row.startingBidKobo,
      durationSeconds: row.durationSeconds ?? 30,
      counterBidSeconds: row.counterBidSeconds ?? 10,
      suddenDeath: row.suddenDeath ?? false,
      reservePriceKobo: row.reservePriceKobo,
    },
    endsAt: row.endsAt,
    currentBidKobo: row.currentBidKobo,
    currentBidderId: row.currentBidderId,
    bidsCount: row.bidsCount,
    outcome: row.outcome,
  };
}

export function toStreamProductView(row: StreamProductRecord): StreamProduct {
  const auction = auctionStateOf(row);
  const biddable = auction !== null && auction.status !== 'ended';
  return {
    streamProductId: row.id,
    variant: row.variant,
    product: {
      productId: row.productId ?? row.id,
      name: itemName(row.productName, row.variant),
      price: toNaira(row.productPriceKobo),
      image: row.productImage,
    },
    bidStatus: row.bidStatus,
    auctionSettings: auction
      ? {
          startingBid: toNaira(auction.settings.startingBidKobo),
          durationSeconds: auction.settings.durationSeconds,
          counterBidSeconds: auction.settings.counterBidSeconds,
          suddenDeath: auction.settings.suddenDeath,
          reservePrice:
            auction.settings.reservePriceKobo === null ? null : toNaira(auction.settings.reservePriceKobo),
        }
      : null,
    currentBid: row.currentBidKobo === null ? null : toNaira(row.currentBidKobo),
    currentBidder:
      row.currentBidderId && row.currentBidderName
        ? { _id: row.currentBidderId, name: row.currentBidderName }
        : null,
    minimumNextBid: biddable ? toNaira(minimumNextBidKobo(auction)) : null,
    bidsCount: row.bidsCount,
    endsAt: row.bidStatus === 'active' && row.endsAt ? row.endsAt.toISOString() : null,
    outcome: row.outcome,
  };
}

export type StreamViewContext = {
  now: Date;
  video: VideoProvider;
  publicUrl: string;
  /** The provider token for whoever asked (publisher for the seller, viewer for the public), or null. */
  token: string | null;
  totals: StreamTotals | undefined;
};

export function toStreamView(
  row: StreamRecord,
  items: readonly StreamProductRecord[],
  ctx: StreamViewContext,
): Stream {
  const status = effectiveStatus(row, ctx.now);
  const totals = ctx.totals ?? { bidsCount: 0, salesCount: 0, salesTotalKobo: 0 };
  return {
    _id: row.id,
    sellerId: row.sellerId,
    title: row.title,
    description: row.description,
    category: { _id: row.categoryId, name: row.categoryName },
    subCategory:
      row.subCategoryId && row.subCategoryName ? { _id: row.subCategoryId, name: row.subCategoryName } : null,
    tags: row.tags,
    coverImage: row.coverImage,
    video: row.video,
    products: items.map(toStreamProductView),
    channelName: channelNameOf(row.id),
    agoraToken: ctx.token,
    videoProvider: ctx.video.name,
    videoServerUrl: ctx.video.serverUrl,
    iceServers: ctx.video.iceServers,
    scheduledStartTime: row.scheduledStartTime.toISOString(),
    actualStartTime: row.actualStartTime?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    status,
    type: row.type,
    viewerCount: row.status === 'live' ? row.viewerCount : 0,
    peakViewers: row.peakViewers,
    watchUrl: `${ctx.publicUrl}/watch/${row.id}`,
    summary:
      row.status === 'ended' && row.endedAt
        ? {
            durationMinutes: streamDurationMinutes(row.actualStartTime ?? row.endedAt, row.endedAt),
            peakViewers: row.peakViewers,
            bidsCount: totals.bidsCount,
            salesCount: totals.salesCount,
            salesTotal: toNaira(totals.salesTotalKobo),
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
