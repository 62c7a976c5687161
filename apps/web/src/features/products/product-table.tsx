import type { Product } from '@kasuwa/contracts';
import { memo } from 'react';
import { productThumb, statusBadgeClasses } from '@/features/products/product-bits';
import { type RowProps, rowActions, variantsNote } from '@/features/products/product-row-parts';
import { statusLabels } from '@/features/products/products-api';
import type { DeleteTarget } from '@/features/products/products-mutations';
import { formatNairaRange } from '@/lib/money';

const TableRow = memo(function TableRow(props: RowProps) {
  const { product } = props;
  return (
    <tr className="border-line border-b last:border-0">
      <th scope="row" className="px-4 py-3 font-normal">
        <div className="flex items-center gap-3">
          {productThumb(product.images[0])}
          <p className="line-clamp-2 min-w-0 font-semibold text-ink">{product.name}</p>
        </div>
      </th>
      <td className="px-4 py-3 text-right tabular-nums">{formatNairaRange(product.priceRange)}</td>
      <td className="px-4 py-3 text-right tabular-nums">
        {product.stock}
        {variantsNote(product)}
      </td>
      <td className="px-4 py-3">
        <span className={statusBadgeClasses[product.status]}>{statusLabels[product.status]}</span>
      </td>
      <td className="space-x-2 whitespace-nowrap px-4 py-3 text-right">{rowActions(props)}</td>
    </tr>
  );
});

/**
 * The list from 768 px: one table row per product, keyed by its id. The body is keyed by the page
 * the server answered: a page turn shares no product with the page before, so React builds the new
 * body off the document and puts it in with one insertion (and takes the old one out with one
 * removal) instead of a hundred of each; within a page (a delete, a refetch) rows stay by id.
 */
export function ProductTable({
  products,
  page,
  onDelete,
  deletingId,
}: {
  products: Product[];
  page: number;
  onDelete: (target: DeleteTarget) => void;
  deletingId: string | undefined;
}) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-ink-muted">
        <tr className="border-line border-b">
          <th scope="col" className="px-4 py-3 font-medium">
            Product
          </th>
          <th scope="col" className="px-4 py-3 text-right font-medium">
            Price
          </th>
          <th scope="col" className="px-4 py-3 text-right font-medium">
            Stock
          </th>
          <th scope="col" className="px-4 py-3 font-medium">
            Status
          </th>
          <th scope="col" className="px-4 py-3 text-right font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody key={page}>
        {products.map((product) => (
          <TableRow
            key={product._id}
            product={product}
            onDelete={onDelete}
            busy={deletingId === product._id}
          />
        ))}
      </tbody>
    </table>
  );
}
