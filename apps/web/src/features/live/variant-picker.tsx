import { type Product, variantLabel } from '@kasuwa/contracts';
import { Check, ChevronDown, Plus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { auctionCombinations, variantName } from '@/features/live/draft-variants';
import { formatNaira, formatNairaRange } from '@/lib/money';
import type { Combination } from '@/lib/tray-product';
import { Button } from '@/ui/button';

/**
 * A product with variants in the live auction's product list (issue 14): the seller opens it and
 * adds the combinations to put under the hammer, each once, each starting at its own price.
 */
export function VariantPicker({
  product,
  thumb,
  isChosen,
  full,
  onAdd,
}: {
  product: Product;
  thumb: ReactNode;
  isChosen: (combination: Combination) => boolean;
  full: boolean;
  onAdd: (combination: Combination) => void;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const combinations = auctionCombinations(product);
  const added = combinations.filter(isChosen).length;
  return (
    <li className="flex flex-col gap-2 py-2">
      <div className="flex items-center gap-3">
        {thumb}
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-ink">{product.name}</p>
          <p className="text-ink-muted text-sm">
            {formatNairaRange(product.priceRange)} · {combinations.length} variants · {product.stock} in stock
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          aria-label={`Choose variants of ${product.name}`}
        >
          {added > 0 ? `${added} added` : 'Variants'}
          <ChevronDown className={open ? 'size-4 rotate-180' : 'size-4'} aria-hidden />
        </Button>
      </div>
      <ul
        id={listId}
        hidden={!open}
        aria-label={`Variants of ${product.name}`}
        className="flex flex-col gap-1 sm:pl-15"
      >
        {open &&
          combinations.map((combination) => {
            const label = variantLabel(combination.variant);
            const name = variantName(product.name, combination.variant);
            const soldOut = combination.stock <= 0;
            return (
              <li key={label} className="flex items-center gap-3 rounded-control bg-canvas px-3 py-1.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink text-sm">{label}</p>
                  <p className="text-ink-muted text-xs">
                    Starting bid {formatNaira(combination.price)} ·{' '}
                    {soldOut ? 'out of stock' : `${combination.stock} in stock`}
                  </p>
                </div>
                {isChosen(combination) ? (
                  <span className="inline-flex items-center gap-1 font-semibold text-brand-700 text-sm">
                    <Check className="size-4" aria-hidden />
                    Added
                  </span>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={full || soldOut}
                    onClick={() => onAdd(combination)}
                    aria-label={`Add ${name}`}
                  >
                    <Plus className="size-4" aria-hidden />
                    Add
                  </Button>
                )}
              </li>
            );
          })}
      </ul>
    </li>
  );
}
