import { queuedProductOf } from '@/features/products/product-outbox';
import { formatNaira } from '@/lib/money';
import { useOutboxEntries } from '@/lib/outbox';
import { WaitingUploads } from '@/ui/waiting-uploads';

/** Products saved on this phone and not yet on the server (product-outbox.ts), above the list. */
export function WaitingProducts({ sellerId }: { sellerId: string }) {
  const entries = useOutboxEntries(sellerId, 'product');
  return (
    <WaitingUploads
      entries={entries}
      describe={(entry) => {
        const product = queuedProductOf(entry);
        const price = typeof product?.body.price === 'number' ? `${formatNaira(product.body.price)} · ` : '';
        return {
          detail: `${price}${product?.status === 'draft' ? 'Draft' : 'To publish'}`,
          photo: product?.body.images?.[0] ?? null,
        };
      }}
    />
  );
}
