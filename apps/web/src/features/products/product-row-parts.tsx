import type { Product } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import type { DeleteTarget } from '@/features/products/products-mutations';
import { buttonClasses } from '@/ui/button';

/** How many combinations a product sells, for the stock column. */
function combinations(product: Product): number {
  let count = 0;
  for (const v of product.variants) {
    if (v.subVariants.length === 0) count += 1;
    for (const s of v.subVariants) count += Math.max(1, s.subSubVariants.length);
  }
  return count;
}

const editLinkClasses = buttonClasses({ variant: 'secondary', size: 'sm' });
const deleteButtonClasses = clsx(buttonClasses({ variant: 'ghost', size: 'sm' }), 'text-danger-700');

export type RowProps = {
  product: Product;
  onDelete: (target: DeleteTarget) => void;
  /** From useRowLinkClick: the same function for every row, so the memoised rows stay untouched. */
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
  busy: boolean;
};

/*
 * A row is one component drawing plain elements: no per-cell components, no icon components and no
 * router <Link>. Rows are memoised with stable props, so a refetch, a keystroke in the search box or
 * a change of URL redraws none. They are keyed by product id: a row is always its product's, so
 * after a delete, focus and the screen reader's place never move to another product's buttons.
 */

/**
 * The rows' Edit links open inside the app through one click handler made once per list. A router
 * <Link> per row reads the location, so all hundred re-rendered on every URL change and a page turn
 * drew them twice (the page's URL changes, then the new rows mount): measured in Chromium, that was
 * a third of the turn's rendering (bench/products-page.bench.ts). As <Link> does, a plain left
 * click navigates without reloading, and a click with a modifier key or another button (new tab,
 * new window) is left to the browser.
 */
export function useRowLinkClick() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(event.currentTarget.getAttribute('href') ?? '');
    },
    [navigate],
  );
}

// The names say which product; they begin with the visible word, so speech input still finds them.
export function rowActions({ product, onDelete, onOpen, busy }: RowProps) {
  return (
    <>
      <a
        href={paths.dashboard.editProduct(product._id)}
        aria-label={`Edit ${product.name}`}
        className={editLinkClasses}
        onClick={onOpen}
      >
        Edit
      </a>
      <button
        type="button"
        aria-label={`Delete ${product.name}`}
        className={deleteButtonClasses}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => onDelete({ _id: product._id, name: product.name })}
      >
        Delete
      </button>
    </>
  );
}

export function variantsNote(product: Product) {
  const count = combinations(product);
  return count > 0 ? <span className="block text-ink-muted text-xs">in {count} variants</span> : null;
}
