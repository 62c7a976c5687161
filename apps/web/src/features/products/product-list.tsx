import type { Product, ProductStatus } from '@kasuwa/contracts';
import { PackagePlus, Search } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { ProductCards } from '@/features/products/product-cards';
import { ProductTable } from '@/features/products/product-table';
import { statusLabels } from '@/features/products/products-api';
import type { DeleteTarget } from '@/features/products/products-mutations';
import { useMediaQuery, WIDE_LIST_QUERY } from '@/lib/use-media-query';
import { Button, buttonClasses } from '@/ui/button';

/** A table from 768 px, cards below; only one of the two is rendered, so a 100-row page stays cheap. */
export function ProductList(props: {
  products: Product[];
  onDelete: (target: DeleteTarget) => void;
  deletingId: string | undefined;
}) {
  const wide = useMediaQuery(WIDE_LIST_QUERY);
  return wide ? <ProductTable {...props} /> : <ProductCards {...props} />;
}

/** No products at all, or none for the search and status chosen. */
export function EmptyList({
  filtered,
  search,
  status,
  onClear,
}: {
  filtered: boolean;
  search: string | undefined;
  status: ProductStatus | undefined;
  onClear: () => void;
}) {
  if (!filtered) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
        <PackagePlus className="size-10 text-brand-600" aria-hidden />
        <p className="font-semibold text-ink text-lg">No products yet</p>
        <p className="max-w-sm text-ink-muted text-sm">
          Add your first product with its photos, price and stock, then sell it in your store and live shows.
        </p>
        <Link to={paths.dashboard.addProducts} className={buttonClasses({ size: 'md' })}>
          Add product
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
      <Search className="size-10 text-ink-subtle" aria-hidden />
      <p className="font-semibold text-ink">
        {search
          ? `No products match “${search}”`
          : `No ${statusLabels[status ?? 'active'].toLowerCase()} products`}
      </p>
      <p className="text-ink-muted text-sm">Try another word or status.</p>
      <Button variant="secondary" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}
