import type { AuctionStatus } from '@kasuwa/contracts';
import { Gavel, ImageOff, Trophy } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { countdownOf, type LiveProduct, variantText } from '@/features/live-room/live-room';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';
import { fixedSlot, MediaImage } from '@/ui/media-image';

/**
 * Bidding on the product the seller has open (for a product auctioned per variant, the
 * combination under the hammer, named on its own line): its current bid and bidder, the countdown, the
 * smallest bid the server accepts now (it answers `minimumNextBid`, so the client never computes
 * the increment ladder), quick-bid buttons from it, and the result when the clock runs out.
 */

/** The minimum and two bigger steps; the step is the server's own increment when a bid stands. */
export function quickBids(minimum: number, currentBid: number | null): number[] {
  const step =
    currentBid !== null && minimum > currentBid
      ? minimum - currentBid
      : Math.max(100, Math.round(minimum / 1000) * 100);
  return [minimum, minimum + step, minimum + 2 * step];
}

export interface BidPanelProps {
  product: LiveProduct;
  status: AuctionStatus;
  now: number;
  /** The logged-in buyer, if any. */
  buyerId: string | null;
  placing: number | null;
  error: string | null;
  onBid: (amount: number) => void;
  /** Under the bid buttons while bidding is open: the buyer's max bid (issue 21). */
  maxBid?: ReactNode;
  /** The seller's connection dropped (issue 20): the clock stands still and no bid is taken. */
  paused?: boolean;
}

export function BidPanel({
  product,
  status,
  now,
  buyerId,
  placing,
  error,
  onBid,
  maxBid,
  paused = false,
}: BidPanelProps) {
  const amountId = useId();
  const [custom, setCustom] = useState('');
  const countdown = status === 'active' ? countdownOf(product, now) : null;
  const minimum = product.minimumNextBid;
  const leading = buyerId !== null && product.currentBidder?._id === buyerId;
  const open = status === 'active' && minimum !== null;
  const variant = variantText(product);

  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(custom.replace(/[^\d.]/g, ''));
    if (Number.isFinite(amount) && amount > 0) onBid(amount);
  };

  return (
    <section aria-label="Bidding" className="rounded-card bg-surface p-4 text-ink shadow-card">
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
          <h2 className="truncate font-semibold">{product.name}</h2>
          {variant && (
            <p className="text-ink-muted text-sm">
              Variant <span className="font-semibold text-ink">{variant}</span>
            </p>
          )}
          {product.currentBid !== null && product.currentBidder ? (
            <p className="text-sm">
              <span className="font-bold text-lg">{formatNaira(product.currentBid)}</span>{' '}
              <span className="text-ink-muted">
                {leading ? 'by you' : `by ${product.currentBidder.name}`}
              </span>
            </p>
          ) : (
            <p className="text-ink-muted text-sm">
              Starting bid {product.startingBid === null ? '—' : formatNaira(product.startingBid)}
            </p>
          )}
        </div>
        {countdown && (
          <p className="shrink-0 text-right">
            <span className="block text-ink-muted text-xs">Time left</span>
            <span role="timer" className="font-bold text-2xl tabular-nums">
              {countdown}
            </span>
            {paused && <span className="block font-semibold text-amber-800 text-xs">Paused</span>}
          </p>
        )}
      </div>

      {status === 'ongoing' || status === 'ended' ? (
        <Result product={product} buyerId={buyerId} />
      ) : open ? (
        <div className="mt-3">
          <p className="mb-2 text-ink-muted text-sm">
            Minimum next bid <span className="font-semibold text-ink">{formatNaira(minimum)}</span>
          </p>
          {leading ? (
            <p className="rounded-control bg-brand-50 px-3 py-2 font-semibold text-brand-800 text-sm">
              You are the highest bidder
            </p>
          ) : (
            <>
              <div className="grid grid-cols-3 gap-2">
                {quickBids(minimum, product.currentBid).map((amount, i) => (
                  <Button
                    key={amount}
                    size="md"
                    variant={i === 0 ? 'primary' : 'secondary'}
                    loading={placing === amount}
                    disabled={placing !== null || paused}
                    onClick={() => onBid(amount)}
                    className="px-2"
                  >
                    {i === 0 && <Gavel className="size-4" aria-hidden />}
                    <span className="sr-only">Bid </span>
                    {formatNaira(amount).replace(/\.00$/, '')}
                  </Button>
                ))}
              </div>
              <form onSubmit={submitCustom} className="mt-2 flex items-end gap-2">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <label htmlFor={amountId} className="font-medium text-ink text-sm">
                    Your bid (₦)
                  </label>
                  <input
                    id={amountId}
                    inputMode="numeric"
                    value={custom}
                    onChange={(e) => setCustom(e.target.value)}
                    placeholder={String(minimum)}
                    className="min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base"
                  />
                </div>
                <Button
                  type="submit"
                  variant="secondary"
                  disabled={placing !== null || paused || custom.trim() === ''}
                >
                  Bid
                </Button>
              </form>
            </>
          )}
          {error && (
            <p role="alert" className="mt-2 text-danger-600 text-sm">
              {error}
            </p>
          )}
          {maxBid}
        </div>
      ) : null}
    </section>
  );
}

function Result({ product, buyerId }: { product: LiveProduct; buyerId: string | null }) {
  if (!product.winner) {
    return <p className="mt-3 rounded-control bg-canvas px-3 py-2 text-ink-muted text-sm">Bidding closed</p>;
  }
  const mine = buyerId !== null && product.winner.buyer._id === buyerId;
  return (
    <div role="status" className="mt-3 flex gap-3 rounded-control bg-amber-100 px-3 py-2 text-amber-950">
      <Trophy className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p className="text-sm">
        <span className="block font-bold text-base">
          {mine ? 'You won!' : `${product.winner.buyer.name} won`}
        </span>
        {product.name} for {formatNaira(product.winner.bidAmount)}
        {mine && <span className="block">The seller will contact you about payment and delivery.</span>}
      </p>
    </div>
  );
}
