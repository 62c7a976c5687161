import type { ProductStatus, SellerProductsResponse } from '@kasuwa/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import {
  deleteFailureToast,
  deleteProduct,
  productKey,
  productMessages,
  sellerProductsKey,
  statusLabels,
} from '@/features/products/products-api';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

const badgeBase =
  'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset';

/** Each status's badge classes, computed once: a 100-row page draws a hundred badges. */
export const statusBadgeClasses: Record<ProductStatus, string> = {
  active: `${badgeBase} bg-brand-50 text-brand-800 ring-brand-200`,
  draft: `${badgeBase} bg-slate-100 text-slate-800 ring-slate-300`,
  out_of_stock: `${badgeBase} bg-amber-50 text-amber-900 ring-amber-300`,
  archived: `${badgeBase} bg-zinc-100 text-zinc-700 ring-zinc-300`,
};

export function StatusBadge({ status }: { status: ProductStatus }) {
  return <span className={statusBadgeClasses[status]}>{statusLabels[status]}</span>;
}

const thumbClasses = {
  md: {
    empty: 'size-12 shrink-0 rounded-control bg-line',
    image: 'size-12 shrink-0 rounded-control bg-canvas object-cover',
  },
  lg: {
    empty: 'size-16 shrink-0 rounded-control bg-line',
    image: 'size-16 shrink-0 rounded-control bg-canvas object-cover',
  },
};

/**
 * The cover photo, small; decorative because the product's name sits beside it. A function rather
 * than a component, so list rows draw it without a component of its own; no photo is a plain box.
 */
export function productThumb(src: string | undefined, size: 'md' | 'lg' = 'md') {
  const classes = thumbClasses[size];
  if (!src) return <span className={classes.empty} />;
  return (
    <img src={src} alt="" width={64} height={64} loading="lazy" decoding="async" className={classes.image} />
  );
}

export interface DeleteTarget {
  _id: string;
  name: string;
}

/** Takes a deleted product out of every cached list at once, before the refetch brings new totals. */
function dropFromLists(queryClient: QueryClient, sellerId: string, id: string) {
  queryClient.setQueriesData<SellerProductsResponse>({ queryKey: sellerProductsKey(sellerId) }, (list) => {
    if (!list?.products.some((p) => p._id === id)) return list;
    return {
      ...list,
      products: list.products.filter((p) => p._id !== id),
      totalProducts: Math.max(0, list.totalProducts - 1),
    };
  });
}

/**
 * Delete with a confirmation, the spec's toasts (SPEC section 8) and the row gone at once (section 4
 * "Deleting a product removes it from the list"). Returns the dialog to render and `ask` to open it.
 */
export function useDeleteProduct({ api, sellerId }: { api: ApiClient; sellerId: string }) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const mutation = useMutation({
    mutationFn: (product: DeleteTarget) => deleteProduct(api, product._id),
    onSuccess: (answer, product) => {
      toast.success(productMessages.deleted(answer.deletedProduct?.name ?? product.name));
      dropFromLists(queryClient, sellerId, product._id);
      queryClient.removeQueries({ queryKey: productKey(product._id) });
      void queryClient.invalidateQueries({ queryKey: sellerProductsKey(sellerId) });
    },
    onError: (error) => {
      const notice = deleteFailureToast(error);
      toast.error(notice.title, notice.description);
    },
    onSettled: () => setTarget(null),
  });

  const dialog = (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) setTarget(null);
      }}
      title="Delete product?"
      description={
        target ? `“${target.name}” will be removed from your store. This cannot be undone.` : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => setTarget(null)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={mutation.isPending}
            onClick={() => {
              if (target) mutation.mutate(target);
            }}
          >
            Delete
          </Button>
        </>
      }
    />
  );

  return { ask: setTarget, dialog, deletingId: mutation.isPending ? mutation.variables?._id : undefined };
}

const SKELETON_ROWS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Grey rows standing in for a list of products while it loads, announced once as `label`. */
export function ListSkeleton({
  label,
  rows,
  thumbClassName,
}: {
  label: string;
  rows: number;
  /** The size of the thumbnail the real rows show, so the page does not jump when they arrive. */
  thumbClassName: string;
}) {
  return (
    <div className="p-4">
      <span className="sr-only" role="status">
        {label}
      </span>
      <ul aria-hidden className="flex flex-col gap-4">
        {SKELETON_ROWS.slice(0, rows).map((row) => (
          <li key={row} className="flex animate-pulse items-center gap-3">
            <span className={clsx('shrink-0 rounded-control bg-line', thumbClassName)} />
            <span className="flex flex-1 flex-col gap-2">
              <span className="h-4 w-2/3 rounded bg-line" />
              <span className="h-3 w-1/3 rounded bg-line" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
