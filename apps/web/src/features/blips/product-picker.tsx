import type { Product } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ImageOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { blipQueries } from '@/features/blips/blips-queries';
import type { ApiClient } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';
import { fixedSlot, MediaImage } from '@/ui/media-image';
import { SearchInput } from '@/ui/search-input';

/** What the upload needs of the chosen product, and what the picker shows of it. */
export interface ChosenProduct {
  _id: string;
  name: string;
  price: number;
  image: string | null;
}

const SEARCH_DEBOUNCE_MS = 300;

const toChoice = (product: Product): ChosenProduct => ({
  _id: product._id,
  name: product.name,
  price: product.price,
  image: product.images[0] ?? null,
});

function Thumb({ src }: { src: string | null }) {
  if (!src) {
    return (
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-canvas text-ink-subtle">
        <ImageOff className="size-4" aria-hidden />
      </span>
    );
  }
  return (
    <MediaImage
      src={src}
      shownAt={fixedSlot(40)}
      width={40}
      height={40}
      loading="lazy"
      className="size-10 shrink-0 rounded-md bg-canvas object-cover"
    />
  );
}

/**
 * Choose one of the seller's products: a search box asking the server (a catalogue can hold
 * thousands) and the matches as radio buttons, big enough to tap.
 */
export function ProductPicker({
  api,
  sellerId,
  value,
  onChange,
  error,
  disabled,
}: {
  api: ApiClient;
  sellerId: string;
  value: ChosenProduct | null;
  onChange: (product: ChosenProduct) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const searchId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const next = text.trim();
    const timer = setTimeout(() => setSearch(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = useQuery(blipQueries.products(api, sellerId, search));
  const choices = (query.data?.products ?? []).map(toChoice);
  // The chosen product stays on screen while a search shows others.
  const shown = value && !choices.some((c) => c._id === value._id) ? [value, ...choices] : choices;
  const noProductsAtAll = query.data && query.data.totalProducts === 0 && search === '';

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
    >
      <legend className="mb-1.5 font-medium text-ink text-sm">Product</legend>
      {noProductsAtAll ? (
        <p className="rounded-control bg-canvas p-3 text-ink-muted text-sm">
          A blip shows one of your products, and you have none yet.{' '}
          <Link to={paths.dashboard.addProducts} className="font-semibold text-brand-700 underline">
            Add a product
          </Link>{' '}
          first.
        </p>
      ) : (
        <>
          <label htmlFor={searchId} className="text-ink-muted text-sm">
            Search products
          </label>
          <SearchInput
            id={searchId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Product name"
          />
          <div
            className="max-h-56 overflow-y-auto overscroll-contain rounded-control border border-line"
            aria-busy={query.isFetching || undefined}
          >
            {query.isPending ? (
              <p className="p-3 text-ink-muted text-sm">Loading your products…</p>
            ) : query.isError && !query.data ? (
              <div className="flex items-center justify-between gap-2 p-3 text-sm">
                <span className="text-ink-muted">We could not load your products.</span>
                <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </div>
            ) : shown.length === 0 ? (
              <p className="p-3 text-ink-muted text-sm">{`No products match “${search}”`}</p>
            ) : (
              shown.map((product) => {
                const checked = value?._id === product._id;
                return (
                  <label
                    key={product._id}
                    className={clsx(
                      'flex min-h-14 cursor-pointer items-center gap-3 border-line border-b px-3 py-2 last:border-b-0',
                      checked ? 'bg-brand-50' : 'hover:bg-canvas',
                    )}
                  >
                    <input
                      type="radio"
                      name="blip-product"
                      value={product._id}
                      checked={checked}
                      onChange={() => onChange(product)}
                      className="size-4 shrink-0 accent-brand-600"
                    />
                    <Thumb src={product.image} />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-medium text-ink text-sm">{product.name}</span>
                      <span className="text-ink-muted text-xs tabular-nums">
                        {formatNaira(product.price)}
                      </span>
                    </span>
                  </label>
                );
              })
            )}
          </div>
          {query.data && query.data.totalProducts > choices.length && (
            <p className="text-ink-muted text-xs">
              {`Showing ${choices.length} of ${query.data.totalProducts}. Type a name to find others.`}
            </p>
          )}
        </>
      )}
      {error && (
        <p id={errorId} className="font-medium text-danger-600 text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
