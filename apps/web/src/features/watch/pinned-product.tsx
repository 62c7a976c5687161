import type { TrayProduct } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { canBuyNow } from '@/features/watch/variant-choice';
import { formatNairaRange } from '@/lib/money';
import { fixedSlot, MediaImage } from '@/ui/media-image';

export interface PinnedProductProps {
  /** The product the seller is presenting, or null when none is. */
  product: TrayProduct | null;
  onBuy: (product: TrayProduct) => void;
}

/**
 * The product the seller pinned, as a card that slides up above the chat for every viewer and
 * slides away when unpinned. The last product stays drawn while it slides out, hidden from
 * assistive technology and taps.
 */
export function PinnedProduct({ product, onBuy }: PinnedProductProps) {
  const [shown, setShown] = useState(product);
  useEffect(() => {
    if (product) setShown(product);
  }, [product]);
  const visible = product !== null;
  const card = product ?? shown;
  if (!card) return null;
  const buyable = canBuyNow(card);
  return (
    <section
      aria-label="Pinned product"
      aria-hidden={!visible || undefined}
      inert={!visible || undefined}
      className={clsx(
        'flex items-center gap-3 rounded-card bg-surface p-2 shadow-card transition-all duration-300 motion-reduce:transition-none',
        visible
          ? 'translate-y-0 opacity-100'
          : 'pointer-events-none h-0 translate-y-4 overflow-hidden p-0 opacity-0',
      )}
    >
      {card.image ? (
        <MediaImage
          src={card.image}
          shownAt={fixedSlot(56)}
          className="size-14 shrink-0 rounded-control bg-canvas object-cover"
        />
      ) : (
        <div className="size-14 shrink-0 rounded-control bg-canvas" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink text-sm">{card.name}</p>
        <p className="font-bold text-ink tabular-nums">
          {formatNairaRange({ min: card.price, max: card.maxPrice })}
        </p>
      </div>
      {buyable ? (
        <button
          type="button"
          onClick={() => onBuy(card)}
          className="min-h-11 shrink-0 rounded-control bg-brand-600 px-4 font-semibold text-sm text-white"
        >
          Buy now
        </button>
      ) : (
        card.stock <= 0 && (
          <span className="shrink-0 px-2 font-semibold text-danger-600 text-sm">Sold out</span>
        )
      )}
    </section>
  );
}
