import type { Product } from '@kasuwa/contracts';
import { memo } from 'react';
import { productThumb, statusBadgeClasses } from '@/features/products/product-bits';
import { type RowProps, rowActions, variantsNote } from '@/features/products/product-row-parts';
import { statusLabels } from '@/features/products/products-api';
import type { DeleteTarget } from '@/features/products/products-mutations';
import { useRowKeys } from '@/features/products/row-keys';
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
 * The list from 768 px: one table row per product. Rows are keyed by useRowKeys: within a page a row
 * stays its product's (a delete, a refetch), and a page turn rewrites the rows of the page before
 * in place, which costs a fraction of building a hundred new rows and taking the old ones out.
 */
export function ProductTable({
  products,
  onDelete,
  deletingId,
}: {
  products: Product[];
  onDelete: (target: DeleteTarget) => void;
  deletingId: string | undefined;
}) {
  const { keys, listRef } = useRowKeys<HTMLTableSectionElement>(products.map((product) => product._id));
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
      <tbody ref={listRef}>
        {products.map((product, i) => (
          <TableRow key={keys[i]} product={product} onDelete={onDelete} busy={deletingId === product._id} />
        ))}
      </tbody>
    </table>
  );
}
