import { MAX_STREAM_PRODUCTS, type Product, type StreamType } from '@kasuwa/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Check, ImageOff, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { AuctionSettings } from '@/features/live/auction-settings';
import {
  auctionCombinations,
  draftItemKey,
  variantAuctionSettings,
  variantSummary,
} from '@/features/live/draft-variants';
import {
  type DraftProductSummary,
  type DraftProductValues,
  defaultAuctionSettings,
  type LiveDraftBody,
  type LiveDraftValues,
  productSummary,
} from '@/features/live/live-draft';
import { fetchPickableProducts } from '@/features/live/streams-api';
import { VariantPicker } from '@/features/live/variant-picker';
import type { ApiClient } from '@/lib/api-client';
import { formatNaira, formatNairaRange } from '@/lib/money';
import type { Combination } from '@/lib/tray-product';
import { Button } from '@/ui/button';
import { FormSection } from '@/ui/form-parts';
import { LoadMoreButton } from '@/ui/load-more-button';
import { fixedSlot, MediaImage } from '@/ui/media-image';
import { Spinner } from '@/ui/spinner';

type DraftForm = UseFormReturn<LiveDraftValues, unknown, LiveDraftBody>;

function Thumb({ image }: { image: string | null }) {
  return image ? (
    <MediaImage
      src={image}
      shownAt={fixedSlot(48)}
      className="size-12 shrink-0 rounded-control bg-canvas object-cover"
    />
  ) : (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-control bg-canvas text-ink-subtle">
      <ImageOff className="size-5" aria-hidden />
    </span>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The products step: the seller's products to pick from (searchable, a page at a time) and the
 * chosen ones; for a live auction each chosen product has its own auction settings, and a product
 * with variants is chosen per combination (issue 14), each once.
 */
export function ProductsStep({
  form,
  kind,
  api,
  sellerId,
}: {
  form: DraftForm;
  kind: StreamType;
  api: ApiClient;
  sellerId: string;
}) {
  const { fields, append, remove } = useFieldArray({
    control: form.control,
    name: 'products',
    keyName: 'key',
  });
  const selected = useWatch({ control: form.control, name: 'selectedProducts' });
  const productsError = form.formState.errors.products;
  const listError = productsError?.message ?? productsError?.root?.message;
  const full = fields.length >= MAX_STREAM_PRODUCTS;

  const chosenKeys = new Set(fields.map(draftItemKey));

  const add = (product: Product, combination?: Combination) => {
    const row: DraftProductValues = combination
      ? {
          productId: product._id,
          variant: combination.variant,
          auctionSettings: variantAuctionSettings(product, combination),
        }
      : { productId: product._id, auctionSettings: defaultAuctionSettings(product) };
    if (chosenKeys.has(draftItemKey(row)) || full) return;
    // Focusing the new product's first field would pop up the keyboard and scroll away from the list.
    append(row, { shouldFocus: false });
    const summary = combination ? variantSummary(product, combination) : productSummary(product);
    form.setValue('selectedProducts', [...form.getValues('selectedProducts'), summary], {
      shouldDirty: true,
    });
    if (listError) form.clearErrors('products');
  };

  const removeAt = (index: number) => {
    const field = fields[index];
    if (!field) return;
    const key = draftItemKey(field);
    remove(index);
    form.setValue(
      'selectedProducts',
      form.getValues('selectedProducts').filter((p) => draftItemKey(p) !== key),
      { shouldDirty: true },
    );
  };

  const summaryOf = (row: DraftProductValues): DraftProductSummary | undefined =>
    selected.find((p) => draftItemKey(p) === draftItemKey(row));

  return (
    <div className="flex flex-col gap-4">
      <FormSection
        title={`In this show (${fields.length})`}
        description={
          kind === 'live_auction'
            ? 'Buyers bid on these one at a time; you choose when each one starts in the studio.'
            : 'Buyers see these while you are live and can buy them at their price.'
        }
      >
        {listError && (
          <p role="alert" className="font-medium text-danger-600 text-sm">
            {listError}
          </p>
        )}
        {fields.length === 0 ? (
          <p className="text-ink-muted text-sm">
            {kind === 'live_auction'
              ? 'No products yet. Add at least one product from the list below.'
              : 'No products yet. Add the products you will show, or add them later.'}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {fields.map((field, index) => {
              const summary = summaryOf(field);
              const name = summary?.name ?? 'Product';
              return (
                <li key={field.key} className="rounded-control border border-line p-3">
                  <div className="flex items-center gap-3">
                    <Thumb image={summary?.image ?? null} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold text-ink">{name}</p>
                      {summary && <p className="text-ink-muted text-sm">{formatNaira(summary.price)}</p>}
                    </div>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => removeAt(index)}
                      aria-label={`Remove ${name}`}
                      className="text-danger-600"
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </div>
                  {kind === 'live_auction' && <AuctionSettings form={form} index={index} name={name} />}
                </li>
              );
            })}
          </ol>
        )}
      </FormSection>
      <ProductChooser
        api={api}
        sellerId={sellerId}
        kind={kind}
        isChosen={(productId, combination) =>
          chosenKeys.has(
            draftItemKey(combination ? { productId, variant: combination.variant } : { productId }),
          )
        }
        full={full}
        onAdd={add}
      />
    </div>
  );
}

function ProductChooser({
  api,
  sellerId,
  kind,
  isChosen,
  full,
  onAdd,
}: {
  api: ApiClient;
  sellerId: string;
  kind: StreamType;
  isChosen: (productId: string, combination?: Combination) => boolean;
  full: boolean;
  onAdd: (product: Product, combination?: Combination) => void;
}) {
  const searchId = useId();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const list = useInfiniteQuery({
    queryKey: ['streams', 'pickable', sellerId, kind, search],
    queryFn: ({ pageParam, signal }) =>
      fetchPickableProducts(api, sellerId, kind, { search, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
  });
  const products = list.data?.pages.flatMap((page) => page.products) ?? [];

  return (
    <FormSection
      title={kind === 'live_auction' ? 'Your auction products' : 'Your products'}
      description={
        kind === 'live_auction'
          ? 'Products you have set up for auction. Turn on Auction when you add or edit a product to see it here.'
          : 'Your active products.'
      }
    >
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search your products
        </label>
        <Search className="pointer-events-none absolute top-3 left-3 size-5 text-ink-subtle" aria-hidden />
        <input
          id={searchId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search your products"
          className="min-h-11 w-full rounded-control border border-line-strong bg-surface pr-3 pl-10 text-base text-ink placeholder:text-ink-subtle"
        />
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading your products" />
        </div>
      ) : list.isError ? (
        <div className="flex flex-col items-start gap-2" role="alert">
          <p className="text-danger-600 text-sm">
            {kind === 'live_auction' ? 'Failed to fetch auction products' : 'Failed to fetch products'}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : products.length === 0 ? (
        <EmptyChooser kind={kind} searching={search !== ''} />
      ) : (
        <ul aria-label="Products to add" className="flex flex-col divide-y divide-line">
          {products.map((product) => {
            if (kind === 'live_auction' && auctionCombinations(product).length > 0) {
              return (
                <VariantPicker
                  key={product._id}
                  product={product}
                  thumb={<Thumb image={product.images[0] ?? null} />}
                  isChosen={(combination) => isChosen(product._id, combination)}
                  full={full}
                  onAdd={(combination) => onAdd(product, combination)}
                />
              );
            }
            const chosen = isChosen(product._id);
            const price = product.saleType.auction?.startingBid ?? product.price;
            return (
              <li key={product._id} className="flex items-center gap-3 py-2">
                <Thumb image={product.images[0] ?? null} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{product.name}</p>
                  <p className="text-ink-muted text-sm">
                    {kind === 'live_auction'
                      ? `Starting bid ${formatNaira(price)}`
                      : formatNairaRange(product.priceRange)}
                    {' · '}
                    {product.stock} in stock
                  </p>
                </div>
                {chosen ? (
                  <span className="inline-flex items-center gap-1 font-semibold text-brand-700 text-sm">
                    <Check className="size-4" aria-hidden />
                    Added
                  </span>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={full}
                    onClick={() => onAdd(product)}
                    aria-label={`Add ${product.name}`}
                  >
                    <Plus className="size-4" aria-hidden />
                    Add
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <LoadMoreButton pages={list}>Load more products</LoadMoreButton>
    </FormSection>
  );
}

function EmptyChooser({ kind, searching }: { kind: StreamType; searching: boolean }) {
  if (searching) return <p className="text-ink-muted text-sm">No products match your search.</p>;
  return (
    <div className="flex flex-col items-start gap-2">
      <p className="text-ink-muted text-sm">
        {kind === 'live_auction'
          ? 'None of your products is set up for auction yet.'
          : 'You have no active products yet.'}
      </p>
      <Link
        to={kind === 'live_auction' ? paths.dashboard.products : paths.dashboard.addProducts}
        className="font-semibold text-brand-700 text-sm underline"
      >
        {kind === 'live_auction' ? 'Set up a product for auction' : 'Add a product'}
      </Link>
    </div>
  );
}
