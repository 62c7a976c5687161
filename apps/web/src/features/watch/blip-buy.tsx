import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { BuyItem } from '@/features/watch/checkout-link';
import { trayQueries } from '@/features/watch/tray-api';
import { canBuyNow } from '@/features/watch/variant-choice';
import type { ApiClient } from '@/lib/api-client';

const BuySheet = lazy(() => import('@/features/watch/buy-sheet'));

export interface BlipBuyProps {
  api: ApiClient;
  blipId: string;
  productId: string;
  onCheckout: (item: BuyItem) => void;
}

/**
 * The blip's Buy now: the blip answer names its product but not its variants or stock, so the
 * public product answer is read beside it; the button shows only for a product on Buy now sale
 * with stock, "Sold out" when it has none.
 */
export function BlipBuy({ api, blipId, productId, onCheckout }: BlipBuyProps) {
  const { data: product } = useQuery(trayQueries.product(api, productId));
  const [open, setOpen] = useState(false);
  if (!product?.buyNow) return null;
  if (!canBuyNow(product)) {
    return <span className="rounded-full bg-black/60 px-3 py-1.5 font-semibold text-sm">Sold out</span>;
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 rounded-full bg-brand-600 px-5 font-semibold text-white shadow-card"
      >
        Buy now
      </button>
      {open && (
        <Suspense fallback={null}>
          <BuySheet
            product={product}
            open
            onOpenChange={setOpen}
            onContinue={(item) => {
              setOpen(false);
              onCheckout({ ...item, blipId });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
