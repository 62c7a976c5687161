import type { TrayProduct } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { BottomSheet } from '@/features/watch/bottom-sheet';
import type { BuyItem } from '@/features/watch/checkout-link';
import {
  chosenCombination,
  isAvailable,
  type Picked,
  pick,
  variantOf,
} from '@/features/watch/variant-choice';
import { formatNaira, formatNairaRange } from '@/lib/money';
import { Button } from '@/ui/button';
import { fixedSlot, MediaImage } from '@/ui/media-image';

/** The most of one item a buyer can take in one order (buyNowBody's limit). */
export const MAX_QUANTITY = 20;
/** At or under this many left, the sheet says so: a nudge, and the truth. */
const FEW_LEFT = 5;

export interface BuySheetProps {
  product: TrayProduct;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen item, minus where it was bought from (the page adds its show or blip). */
  onContinue: (item: Omit<BuyItem, 'streamId' | 'blipId'>) => void;
}

/**
 * Buy now, before checkout: the variant chosen level by level (values no combination in stock goes
 * through are disabled), the price, stock and photo of the chosen combination, and the quantity.
 */
export default function BuySheet({ product, open, onOpenChange, onContinue }: BuySheetProps) {
  const levels = product.options.length;
  const [picked, setPicked] = useState<Picked>(() => {
    // A level with a single value offered is chosen already: one tap fewer.
    const start: (string | null)[] = [];
    for (let level = 0; level < levels; level++) {
      const values =
        product.options[level]?.values.filter((v) => isAvailable(product, start, level, v)) ?? [];
      start.push(values.length === 1 ? (values[0] ?? null) : null);
    }
    return start;
  });
  const [quantity, setQuantity] = useState(1);
  const chosen = chosenCombination(product, picked);
  const stock = chosen?.stock ?? 0;
  const max = Math.max(1, Math.min(stock, MAX_QUANTITY));
  const count = Math.min(quantity, max);
  const image = chosen?.image ?? product.image;
  const soldOut = chosen !== null && chosen.stock <= 0;
  const missing = product.options.find((_, i) => !picked[i]);

  return (
    <BottomSheet
      open={open}
      onOpenChange={onOpenChange}
      title={product.name}
      footer={
        <Button
          fullWidth
          size="lg"
          disabled={!chosen || soldOut}
          onClick={() =>
            chosen &&
            onContinue({
              productId: product.productId,
              sellerId: product.sellerId,
              variant: variantOf(product, picked),
              quantity: count,
            })
          }
        >
          {missing ? `Choose ${missing.name.toLowerCase()}` : soldOut ? 'Sold out' : 'Continue to checkout'}
        </Button>
      }
    >
      <div className="flex gap-3">
        {image ? (
          <MediaImage
            src={image}
            shownAt={fixedSlot(96)}
            alt={product.name}
            className="size-24 shrink-0 rounded-control bg-canvas object-cover"
          />
        ) : (
          <div className="size-24 shrink-0 rounded-control bg-canvas" aria-hidden />
        )}
        <div className="min-w-0">
          <p className="font-bold text-ink text-xl tabular-nums" aria-live="polite">
            {chosen
              ? formatNaira(chosen.price)
              : formatNairaRange({ min: product.price, max: product.maxPrice })}
          </p>
          {chosen && (
            <p className={clsx('text-sm', stock <= FEW_LEFT ? 'text-danger-600' : 'text-ink-muted')}>
              {stock <= 0 ? 'Sold out' : stock <= FEW_LEFT ? `Only ${stock} left` : `${stock} in stock`}
            </p>
          )}
        </div>
      </div>

      {product.options.map((option, level) => (
        <fieldset key={option.name} className="mt-4">
          <legend className="mb-2 font-medium text-ink text-sm">
            {option.name}
            {picked[level] && <span className="font-normal text-ink-muted">: {picked[level]}</span>}
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              const available = isAvailable(product, picked, level, value);
              const selected = picked[level] === value;
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={selected}
                  disabled={!available}
                  onClick={() => {
                    setPicked(pick(picked, levels, level, value));
                    setQuantity(1);
                  }}
                  className={clsx(
                    'min-h-11 min-w-11 rounded-control border px-3 font-medium text-sm',
                    selected ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-line-strong text-ink',
                    'disabled:border-line disabled:text-ink-subtle disabled:line-through',
                  )}
                >
                  {value}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}

      <fieldset className="mt-4 flex items-center justify-between gap-3">
        <legend className="float-left font-medium text-ink text-sm">Quantity</legend>
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label="One fewer"
            disabled={count <= 1}
            onClick={() => setQuantity(count - 1)}
            className="flex size-11 items-center justify-center rounded-control border border-line-strong disabled:opacity-40"
          >
            <Minus className="size-4" aria-hidden />
          </button>
          <output aria-label="Quantity" className="w-10 text-center font-semibold text-lg tabular-nums">
            {count}
          </output>
          <button
            type="button"
            aria-label="One more"
            disabled={!chosen || count >= max}
            onClick={() => setQuantity(count + 1)}
            className="flex size-11 items-center justify-center rounded-control border border-line-strong disabled:opacity-40"
          >
            <Plus className="size-4" aria-hidden />
          </button>
        </div>
      </fieldset>
      {chosen && count >= MAX_QUANTITY && (
        <p className="mt-1 text-ink-muted text-xs">At most {MAX_QUANTITY} at once.</p>
      )}
    </BottomSheet>
  );
}
