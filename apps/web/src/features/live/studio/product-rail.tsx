import type { AuctionStatus } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { Gavel, ImageOff, Pin, PinOff, Trophy } from 'lucide-react';
import { memo } from 'react';
import { countdownOf, type LiveProduct } from '@/features/live-room/live-room';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';
import { fixedSlot, MediaImage } from '@/ui/media-image';

/**
 * The studio's products: each with its auction status (SPEC section 4, from useAuctionStatus), the
 * current bid and bidder, the countdown of `bid_timer_update`, the result, and 'Activate bidding'.
 */

export type RailStatus = AuctionStatus | 'pending';

export function statusLabel(status: RailStatus, product: Pick<LiveProduct, 'outcome' | 'winner'>): string {
  switch (status) {
    case 'pending':
      return 'Not started';
    case 'active':
      return 'Bidding open';
    case 'ongoing':
      return product.winner ? 'Sold' : 'Bidding closed';
    case 'ended':
      return product.outcome === 'sold' ? 'Sold' : product.outcome === 'unsold' ? 'Unsold' : 'Ended';
  }
}

const chipColours: Record<RailStatus, string> = {
  pending: 'bg-canvas text-ink-muted',
  active: 'bg-danger-600 text-white',
  ongoing: 'bg-amber-100 text-amber-900',
  ended: 'bg-brand-50 text-brand-800',
};

/** A product can be auctioned unless it is running now or already sold. */
export function canActivate(status: RailStatus, product: Pick<LiveProduct, 'outcome' | 'winner'>): boolean {
  if (status === 'active') return false;
  return product.outcome !== 'sold' && product.winner === null;
}

export interface ProductRailProps {
  products: LiveProduct[];
  statuses: Readonly<Record<string, AuctionStatus>>;
  /** Whether this show auctions its products (a live auction, not an Open Live Show). */
  auction: boolean;
  /** Bidding can be activated only while the show is live. */
  live: boolean;
  /** The row (LiveProduct.key) whose bidding is being activated. */
  activatingId: string | null;
  onActivate: (product: LiveProduct) => void;
  now: number;
  /** The product presented to every viewer (issue 14); absent where the rail offers no pin. */
  pin?: {
    pinnedProductId: string | null;
    /** The product whose pin is changing now ('none' while unpinning). */
    pinningId: string | null;
    onPin: (productId: string | null) => void;
  };
}

export function ProductRail({
  products,
  statuses,
  auction,
  live,
  activatingId,
  onActivate,
  now,
  pin,
}: ProductRailProps) {
  if (products.length === 0) {
    return <p className="p-4 text-ink-muted text-sm">This show has no products.</p>;
  }
  return (
    <ul aria-label="Products" className="flex flex-col gap-3 p-3">
      {products.map((product) => {
        // Keyed by row: two variants of one product each have their own status, clock and bids.
        const status: RailStatus = statuses[product.key] ?? 'pending';
        return (
          <ProductCard
            key={product.key}
            product={product}
            status={status}
            auction={auction}
            showActivate={auction && live && canActivate(status, product)}
            activating={activatingId === product.key}
            activateDisabled={activatingId !== null}
            onActivate={onActivate}
            // Only a running auction's countdown reads the clock: the other cards are not redrawn
            // every second (issue 20).
            now={status === 'active' ? now : 0}
            pin={pin}
          />
        );
      })}
    </ul>
  );
}

/** Memoised: a bid redraws its own product's card, not every card of the show (issue 20). */
const ProductCard = memo(function ProductCard({
  product,
  status,
  auction,
  showActivate,
  activating,
  activateDisabled,
  onActivate,
  now,
  pin,
}: {
  pin: ProductRailProps['pin'];
  product: LiveProduct;
  status: RailStatus;
  auction: boolean;
  showActivate: boolean;
  activating: boolean;
  activateDisabled: boolean;
  onActivate: (product: LiveProduct) => void;
  now: number;
}) {
  const countdown = status === 'active' ? countdownOf(product, now) : null;
  const label = statusLabel(status, product);
  return (
    <li
      aria-label={product.name}
      className={clsx(
        'rounded-card bg-surface p-3 shadow-card',
        status === 'active' && 'ring-2 ring-danger-600',
      )}
    >
      <div className="flex gap-3">
        {product.image ? (
          <MediaImage
            src={product.image}
            shownAt={fixedSlot(64)}
            className="size-16 shrink-0 rounded-control object-cover"
          />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-control bg-canvas text-ink-subtle">
            <ImageOff className="size-6" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <p className="truncate font-semibold text-ink">{product.name}</p>
            {auction && (
              <span
                className={clsx(
                  'shrink-0 rounded-full px-2 py-0.5 font-semibold text-xs',
                  chipColours[status],
                )}
              >
                {label}
              </span>
            )}
          </div>
          {auction ? (
            <BidLine product={product} />
          ) : (
            <p className="text-ink-muted text-sm">{formatNaira(product.price)}</p>
          )}
          {countdown && (
            <p className="mt-1 flex items-center gap-1.5 text-ink">
              <span className="text-ink-muted text-xs">Time left</span>
              <span className="font-bold text-xl tabular-nums">{countdown}</span>
            </p>
          )}
        </div>
      </div>
      {product.winner && (status === 'ongoing' || status === 'ended') && (
        <p className="mt-2 flex items-center gap-2 rounded-control bg-amber-50 px-3 py-2 font-semibold text-amber-900 text-sm">
          <Trophy className="size-4 shrink-0" aria-hidden />
          Won by {product.winner.buyer.name} for {formatNaira(product.winner.bidAmount)}
        </p>
      )}
      {status === 'ongoing' && !product.winner && product.outcome === 'unsold' && (
        <p className="mt-2 rounded-control bg-canvas px-3 py-2 text-ink-muted text-sm">No winning bid</p>
      )}
      {pin && <PinControl product={product} pin={pin} />}
      {showActivate && (
        <Button
          size="sm"
          variant={status === 'pending' ? 'primary' : 'secondary'}
          className="mt-3 w-full"
          loading={activating}
          disabled={activateDisabled}
          onClick={() => onActivate(product)}
        >
          <Gavel className="size-4" aria-hidden />
          Activate bidding
        </Button>
      )}
    </li>
  );
});

function PinControl({ product, pin }: { product: LiveProduct; pin: NonNullable<ProductRailProps['pin']> }) {
  const pinned = pin.pinnedProductId === product.productId;
  const busy = pin.pinningId !== null;
  if (pinned) {
    return (
      <div className="mt-3 flex items-center gap-2">
        <span className="flex flex-1 items-center gap-1.5 font-semibold text-brand-800 text-sm">
          <Pin className="size-4" aria-hidden />
          Pinned for viewers
        </span>
        <Button
          size="sm"
          variant="secondary"
          loading={pin.pinningId === 'none'}
          disabled={busy}
          onClick={() => pin.onPin(null)}
          aria-label={`Unpin ${product.name}`}
        >
          <PinOff className="size-4" aria-hidden />
          Unpin
        </Button>
      </div>
    );
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      className="mt-3 w-full"
      loading={pin.pinningId === product.productId}
      disabled={busy}
      onClick={() => pin.onPin(product.productId)}
      aria-label={`Pin ${product.name}`}
    >
      <Pin className="size-4" aria-hidden />
      Pin
    </Button>
  );
}

function BidLine({ product }: { product: LiveProduct }) {
  if (product.currentBid !== null && product.currentBidder) {
    return (
      <p className="text-sm">
        <span className="font-bold text-ink">{formatNaira(product.currentBid)}</span>{' '}
        <span className="text-ink-muted">by {product.currentBidder.name}</span>
        <span className="text-ink-subtle">
          {' '}
          · {product.bidsCount === 1 ? '1 bid' : `${product.bidsCount} bids`}
        </span>
      </p>
    );
  }
  return (
    <p className="text-ink-muted text-sm">
      Starting bid {product.startingBid === null ? '—' : formatNaira(product.startingBid)}
    </p>
  );
}
