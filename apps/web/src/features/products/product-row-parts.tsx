import type { Product } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { paths } from '@/app/paths';
import type { DeleteTarget } from '@/features/products/products-mutations';
import { AppLink } from '@/ui/app-link';
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

export type RowProps = { product: Product; onDelete: (target: DeleteTarget) => void; busy: boolean };

/*
 * A row is one component drawing plain elements and a link (ui/app-link, which a navigation does
 * not redraw): no per-cell components and no icon components. Rows are memoised, so a refetch or a
 * keystroke in the search box redraws none.
 * They are keyed by product id: a row is always its product's, so after a delete, focus and the
 * screen reader's place never move to another product's buttons.
 */

// The names say which product; they begin with the visible word, so speech input still finds them.
export function rowActions({ product, onDelete, busy }: RowProps) {
  return (
    <>
      <AppLink
        to={paths.dashboard.editProduct(product._id)}
        aria-label={`Edit ${product.name}`}
        className={editLinkClasses}
      >
        Edit
      </AppLink>
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
