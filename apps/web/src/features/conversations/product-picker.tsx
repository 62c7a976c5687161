import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { inboxKeys, type MessagesApi } from '@/features/conversations/messages-api';
import { formatNaira } from '@/lib/money';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { fixedSlot, MediaImage } from '@/ui/media-image';
import { SearchInput } from '@/ui/search-input';
import { Spinner } from '@/ui/spinner';

/** The seller's products on sale; "Send" puts a card with its price and a Buy now link in the chat. */
export function ProductPicker({
  api,
  sellerId,
  open,
  onOpenChange,
  onPick,
}: {
  api: MessagesApi;
  sellerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (productId: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useDebouncedSearch(search, setSearch);
  const products = useQuery({
    queryKey: inboxKeys.products(search),
    queryFn: ({ signal }) => api.products(sellerId, search, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Send a product" focusFirstField={false}>
      <div className="flex flex-col gap-3">
        <SearchInput
          aria-label="Search your products"
          placeholder="Search your products"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        {products.isPending ? (
          <Spinner label="Loading products" />
        ) : products.isError ? (
          <p className="text-danger-600 text-sm">Could not load your products.</p>
        ) : products.data.products.length === 0 ? (
          <p className="text-ink-muted text-sm">No products on sale{search ? ' match that search' : ''}.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {products.data.products.map((p) => (
              <li key={p._id} className="flex items-center gap-3 py-2">
                {p.images[0] ? (
                  <MediaImage
                    src={p.images[0]}
                    shownAt={fixedSlot(48)}
                    className="size-12 shrink-0 rounded-control object-cover"
                  />
                ) : (
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-control bg-canvas">
                    <ShoppingBag className="size-5 text-ink-muted" aria-hidden />
                  </span>
                )}
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium text-ink text-sm">{p.name}</span>
                  <span className="text-ink-muted text-sm">{formatNaira(p.price)}</span>
                </span>
                <Button
                  size="sm"
                  aria-label={`Send ${p.name}`}
                  onClick={() => {
                    onPick(p._id);
                    onOpenChange(false);
                  }}
                >
                  Send
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
