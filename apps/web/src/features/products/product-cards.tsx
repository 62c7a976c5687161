import type { Product } from '@kasuwa/contracts';
import { memo } from 'react';
import { productThumb, statusBadgeClasses } from '@/features/products/product-bits';
import { type RowProps, rowActions, variantsNote } from '@/features/products/product-row-parts';
import { statusLabels } from '@/features/products/products-api';
import type { DeleteTarget } from '@/features/products/products-mutations';
import { useRowKeys } from '@/features/products/row-keys';
import { formatNairaRange } from '@/lib/money';

const CardRow = memo(function CardRow(props: RowProps) {
  const { product } = props;
  return (
    <li className="list-card flex flex-col gap-3 p-4 [--list-card-height:11rem]">
      <div className="flex gap-3">
        {productThumb(product.images[0], 'lg')}
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <p className="line-clamp-2 font-semibold text-ink">{product.name}</p>
            <span className={statusBadgeClasses[product.status]}>{statusLabels[product.status]}</span>
          </div>
          <p className="mt-1 font-semibold text-ink tabular-nums">{formatNairaRange(product.priceRange)}</p>
          <p className="text-ink-muted text-sm">
            Stock: <span className="tabular-nums">{product.stock}</span>
            {variantsNote(product)}
          </p>
        </div>
      </div>
      <div className="flex items-center justify-end gap-2">{rowActions(props)}</div>
    </li>
  );
});

/** The list below 768 px: one card per product, keyed by useRowKeys as the table's rows are. */
export function ProductCards({
  products,
  onDelete,
  deletingId,
}: {
  products: Product[];
  onDelete: (target: DeleteTarget) => void;
  deletingId: string | undefined;
}) {
  const { keys, listRef } = useRowKeys<HTMLUListElement>(products.map((product) => product._id));
  return (
    <ul ref={listRef} className="divide-y divide-line">
      {products.map((product, i) => (
        <CardRow key={keys[i]} product={product} onDelete={onDelete} busy={deletingId === product._id} />
      ))}
    </ul>
  );
}
