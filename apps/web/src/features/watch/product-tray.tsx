import type { TrayProduct } from '@kasuwa/contracts';
import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { LiveSocketLike } from '@/features/live-room/live-socket';
import { BottomSheet } from '@/features/watch/bottom-sheet';
import type { BuyItem } from '@/features/watch/checkout-link';
import { PinnedProduct } from '@/features/watch/pinned-product';
import { useTray } from '@/features/watch/tray-api';
import { canBuyNow } from '@/features/watch/variant-choice';
import type { ApiClient } from '@/lib/api-client';
import { formatNairaRange } from '@/lib/money';
import { fixedSlot, MediaImage } from '@/ui/media-image';

const BuySheet = lazy(() => import('@/features/watch/buy-sheet'));

export interface WatchShopProps {
  api: ApiClient;
  streamId: string;
  socket: LiveSocketLike | null;
  /** The chosen item; the page takes it to checkout (through a log-in when needed). */
  onCheckout: (item: BuyItem) => void;
}

/**
 * The show's shop on the watch page: the pinned product's card, and a Shop button with the number
 * of products that opens the tray (every product, its price or price range, Sold out, Buy now).
 * Buy now opens the buy sheet for the variant and quantity. Nothing shows for a show with no tray.
 */
export function WatchShop({ api, streamId, socket, onCheckout }: WatchShopProps) {
  const { tray, pinned } = useTray(api, streamId, socket);
  const [trayOpen, setTrayOpen] = useState(false);
  const [buying, setBuying] = useState<TrayProduct | null>(null);
  if (!tray || tray.products.length === 0) return null;
  const count = tray.products.length;

  return (
    <>
      <PinnedProduct product={pinned} onBuy={setBuying} />
      <button
        type="button"
        onClick={() => setTrayOpen(true)}
        className="flex min-h-12 items-center justify-center gap-2 rounded-card bg-white font-semibold text-ink"
      >
        <ShoppingBag className="size-5" aria-hidden />
        Shop · {count} {count === 1 ? 'product' : 'products'}
      </button>

      <BottomSheet open={trayOpen} onOpenChange={setTrayOpen} title="Shop this show">
        <ul className="flex flex-col divide-y divide-line">
          {tray.products.map((product) => (
            <li key={product.productId} className="flex items-center gap-3 py-2">
              {product.image ? (
                <MediaImage
                  src={product.image}
                  shownAt={fixedSlot(64)}
                  loading="lazy"
                  className="size-16 shrink-0 rounded-control bg-canvas object-cover"
                />
              ) : (
                <div className="size-16 shrink-0 rounded-control bg-canvas" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-ink">{product.name}</p>
                <p className="font-semibold text-ink tabular-nums">
                  {formatNairaRange({ min: product.price, max: product.maxPrice })}
                </p>
                {product.stock <= 0 && <p className="font-semibold text-danger-600 text-sm">Sold out</p>}
              </div>
              {canBuyNow(product) ? (
                <button
                  type="button"
                  aria-label={`Buy ${product.name} now`}
                  onClick={() => {
                    setTrayOpen(false);
                    setBuying(product);
                  }}
                  className="min-h-11 shrink-0 rounded-control bg-brand-600 px-4 font-semibold text-sm text-white"
                >
                  Buy now
                </button>
              ) : (
                product.stock > 0 && <span className="shrink-0 text-ink-muted text-sm">Bid live</span>
              )}
            </li>
          ))}
        </ul>
      </BottomSheet>

      {buying && (
        <Suspense fallback={null}>
          <BuySheet
            key={buying.productId}
            product={buying}
            open
            onOpenChange={(open) => {
              if (!open) setBuying(null);
            }}
            onContinue={(item) => {
              setBuying(null);
              onCheckout({ ...item, streamId });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
