import { useState } from 'react';
import { type DeleteTarget, useDeleteProductMutation } from '@/features/products/products-mutations';
import type { ApiClient } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { LazyDialog } from '@/ui/lazy-dialog';

export type { DeleteTarget };

/**
 * Delete with a confirmation, the spec's toasts (SPEC section 8) and the row gone at once (section 4
 * "Deleting a product removes it from the list"). Returns the dialog to render and `ask` to open it.
 */
export function useDeleteProduct({ api, sellerId }: { api: ApiClient; sellerId: string }) {
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const mutation = useDeleteProductMutation({ api, sellerId, onSettled: () => setTarget(null) });

  const dialog = (
    <LazyDialog
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
