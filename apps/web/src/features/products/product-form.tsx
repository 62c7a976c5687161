import type { Category, CreateProductBody, Product, UpdateProductBody } from '@kasuwa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { type FieldPath, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import {
  emptyProductValues,
  firstMessage,
  formPathForIssue,
  type ProductBody,
  type ProductFormValues,
  productResolver,
  valuesFromProduct,
} from '@/features/products/form-values';
import {
  clearLocalDraft,
  type DraftSlot,
  LOCAL_DRAFT_DEBOUNCE_MS,
  type LocalDraft,
  localDraftKey,
  readLocalDraft,
  writeLocalDraft,
} from '@/features/products/local-draft';
import { PhotosField } from '@/features/products/photos-field';
import { StatusBadge } from '@/features/products/product-bits';
import {
  categoriesKey,
  createProduct,
  fetchProduct,
  productMessages,
  type UploadFn,
  updateProduct,
} from '@/features/products/products-api';
import { productQueries } from '@/features/products/products-queries';
import { type VariantAction, variantReducer } from '@/features/products/variant-builder';
import { VariantEditor } from '@/features/products/variant-editor';
import { analytics } from '@/lib/analytics';
import { type ApiClient, api as appApi, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useFormDraft } from '@/lib/use-form-draft';
import { Button, buttonClasses } from '@/ui/button';
import { ChipsInput } from '@/ui/chips-input';
import { AmountField, CheckboxField, FormSection, SelectBox, TextAreaField } from '@/ui/form-parts';
import { Input } from '@/ui/input';

export type ProductFormMode = { kind: 'add' } | { kind: 'edit'; product: Product };

export interface ProductFormProps {
  sellerId: string;
  mode: ProductFormMode;
  api?: ApiClient;
  /** Tests pass their own photo upload. */
  upload?: UploadFn;
}

type SaveAs = 'draft' | 'active';

const slotOf = (mode: ProductFormMode): DraftSlot =>
  mode.kind === 'add' ? { kind: 'add' } : { kind: 'edit', productId: mode.product._id };

const savedAtText = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/** The add and edit product form (issue 7). */
export function ProductForm({ sellerId, mode, api = appApi, upload }: ProductFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [slot] = useState(() => slotOf(mode));
  const [initial] = useState(() =>
    mode.kind === 'add' ? emptyProductValues : valuesFromProduct(mode.product),
  );
  const [restored, setRestored] = useState<LocalDraft | null>(() => readLocalDraft(sellerId, slot));
  const [resolver] = useState(() => productResolver(mode.kind === 'add' ? 'create' : 'update'));
  const form = useForm<ProductFormValues, unknown, ProductBody>({
    resolver,
    defaultValues: restored?.values ?? initial,
    mode: 'onTouched',
  });
  const { register, setValue, control, formState } = form;
  const errors = formState.errors;
  const autosave = useFormDraft(form, {
    key: localDraftKey(sellerId, slot),
    write: (values) => writeLocalDraft(sellerId, slot, values),
    clear: () => clearLocalDraft(sellerId, slot),
    debounceMs: LOCAL_DRAFT_DEBOUNCE_MS,
  });
  const [pendingPhotos, setPendingPhotos] = useState(0);
  const [saving, setSaving] = useState<SaveAs | null>(null);

  const [options, variants, images, tags, price, auctionOn, categoryId] = useWatch({
    control,
    name: ['options', 'variants', 'images', 'tags', 'price', 'saleType.auctionOn', 'categoryId'],
  });

  const dispatch = useCallback(
    (action: VariantAction) => {
      const current = { options: form.getValues('options'), variants: form.getValues('variants') };
      const next = variantReducer(current, action);
      if (next === current) return;
      setValue('options', next.options, { shouldDirty: true });
      setValue('variants', next.variants, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    },
    [form, setValue],
  );

  const discard = () => {
    clearLocalDraft(sellerId, slot);
    form.reset(initial);
    setRestored(null);
  };

  const showServerIssues = (error: unknown) => {
    if (!isApiError(error)) return;
    for (const issue of error.issues) {
      const path = formPathForIssue(issue.path);
      if (path)
        form.setError(path as FieldPath<ProductFormValues>, { type: 'server', message: issue.message });
    }
  };

  const save = async (body: ProductBody, status: SaveAs) => {
    try {
      let product: Product;
      if (mode.kind === 'add') {
        const answer = await createProduct(api, { ...(body as CreateProductBody), status });
        product = answer.product;
        toast.success(productMessages.created);
        analytics().capture('product_listed', { productId: product._id, status: product.status });
      } else {
        const answer = await updateProduct(api, mode.product._id, { ...(body as UpdateProductBody), status });
        product = answer.product;
        toast.success(productMessages.updated);
        analytics().capture('product_updated', { productId: product._id, status: product.status });
      }
      autosave.finish();
      queryClient.setQueryData(productQueries.detailKey(product._id), product);
      await queryClient.invalidateQueries({ queryKey: productQueries.seller(sellerId) });
      navigate(status === 'draft' ? paths.dashboard.drafts : paths.dashboard.products);
    } catch (error) {
      showServerIssues(error);
      if (mode.kind === 'add')
        toast.error(productMessages.createFailed, productMessages.createFailedDescription);
      else toast.error(productMessages.updateFailed, error instanceof Error ? error.message : undefined);
    }
  };

  const submit = (status: SaveAs) => {
    if (pendingPhotos > 0) {
      toast.warning('Photos are still uploading', 'Save again when they have finished');
      return;
    }
    void form.handleSubmit(async (body) => {
      setSaving(status);
      await save(body, status);
      setSaving(null);
    })();
  };

  const hasVariants = variants.length > 0;
  const problems = formState.submitCount > 0 && Object.keys(errors).length > 0;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit('active');
      }}
      className="mx-auto flex max-w-3xl flex-col gap-4 pb-28"
    >
      {restored && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-brand-200 bg-brand-50 p-4 text-brand-800 text-sm"
        >
          <p className="flex items-center gap-2">
            <History className="size-4 shrink-0" aria-hidden />
            <span>
              <strong className="font-semibold">Restored your unsaved changes</strong> from{' '}
              {savedAtText(restored.savedAt)}.
            </span>
          </p>
          <Button variant="secondary" size="sm" onClick={discard}>
            Discard
          </Button>
        </div>
      )}
      {mode.kind === 'edit' && (
        <p className="flex items-center gap-2 text-ink-muted text-sm">
          Status: <StatusBadge status={mode.product.status} />
        </p>
      )}

      <FormSection title="Photos">
        <PhotosField
          value={images}
          onChange={(urls) => setValue('images', urls, { shouldDirty: true })}
          onPendingChange={setPendingPhotos}
          error={errors.images?.message ?? firstMessage(errors.images)}
          upload={upload}
        />
      </FormSection>

      <FormSection title="Details">
        <Input
          label="Name"
          maxLength={200}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextAreaField
          label="Description"
          maxLength={5000}
          hint="Size, material, what is in the box."
          error={errors.description?.message}
          {...register('description')}
        />
        <CategoryFields
          api={api}
          form={form}
          categoryId={categoryId}
          categoryError={errors.categoryId?.message}
          subCategoryError={errors.subCategoryId?.message}
        />
        <SelectBox label="Condition" error={errors.condition?.message} {...register('condition')}>
          <option value="new">New</option>
          <option value="used">Used</option>
          <option value="refurbished">Refurbished</option>
        </SelectBox>
        <ChipsInput
          label="Tags"
          itemName="tag"
          values={tags}
          maxItems={20}
          maxLength={30}
          placeholder="e.g. ankara, owambe"
          hint="Words buyers search for. Press Enter or a comma after each."
          error={firstMessage(errors.tags)}
          onChange={(next) => setValue('tags', next, { shouldDirty: true })}
        />
      </FormSection>

      <FormSection title="Pricing">
        <div className="grid gap-4 sm:grid-cols-2">
          <AmountField
            label="Price"
            prefix="₦"
            placeholder="0.00"
            error={errors.price?.message}
            {...register('price')}
          />
          <AmountField
            label="Compare-at price"
            prefix="₦"
            placeholder="Optional"
            hint="The old price, shown crossed out."
            error={errors.compareAtPrice?.message}
            {...register('compareAtPrice')}
          />
        </div>
      </FormSection>

      <FormSection
        title="Stock and variants"
        description="Sell one item, or options such as colour and size with their own price and stock."
      >
        {hasVariants ? (
          <p className="rounded-control bg-canvas p-3 text-ink text-sm">
            Stock comes from the variants below: it is the sum of every combination's stock.
          </p>
        ) : (
          <AmountField
            label="Stock"
            inputMode="numeric"
            className="sm:max-w-48"
            error={errors.stock?.message}
            {...register('stock')}
          />
        )}
        <VariantEditor
          state={{ options, variants }}
          dispatch={dispatch}
          basePrice={price}
          productImages={images}
          upload={upload}
          error={firstMessage(errors.variants) ?? firstMessage(errors.options)}
        />
      </FormSection>

      <FormSection title="Shipping" description="Used to work out delivery costs. Optional.">
        <AmountField
          label="Weight"
          suffix="kg"
          className="sm:max-w-48"
          error={errors.weightKg?.message}
          {...register('weightKg')}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium text-ink text-sm">Dimensions (cm)</legend>
          <div className="grid grid-cols-3 gap-3">
            <AmountField
              label="Length"
              suffix="cm"
              error={errors.dimensionsCm?.length?.message}
              {...register('dimensionsCm.length')}
            />
            <AmountField
              label="Width"
              suffix="cm"
              error={errors.dimensionsCm?.width?.message}
              {...register('dimensionsCm.width')}
            />
            <AmountField
              label="Height"
              suffix="cm"
              error={errors.dimensionsCm?.height?.message}
              {...register('dimensionsCm.height')}
            />
          </div>
        </fieldset>
      </FormSection>

      <FormSection title="Sale type" description="Sell at a fixed price, in a live auction, or both.">
        <CheckboxField
          label="Buy now"
          hint="Buyers pay the price and check out."
          {...register('saleType.buyNow')}
        />
        <CheckboxField
          label="Auction"
          hint="Buyers bid during your live shows."
          {...register('saleType.auctionOn')}
        />
        {errors.saleType?.buyNow?.message && (
          <p className="font-medium text-danger-600 text-sm">{errors.saleType.buyNow.message}</p>
        )}
        {auctionOn && (
          <div className="grid gap-4 sm:grid-cols-2">
            <AmountField
              label="Starting bid"
              prefix="₦"
              error={errors.saleType?.auction?.startingBid?.message}
              {...register('saleType.auction.startingBid')}
            />
            <AmountField
              label="Reserve price"
              prefix="₦"
              placeholder="Optional"
              hint="The lowest winning bid you accept."
              error={errors.saleType?.auction?.reservePrice?.message}
              {...register('saleType.auction.reservePrice')}
            />
          </div>
        )}
      </FormSection>

      <div className="fixed inset-x-0 bottom-0 z-10 border-line border-t bg-surface/95 px-4 py-3 backdrop-blur lg:left-[257px] xl:left-[307px]">
        <div className="mx-auto flex max-w-3xl flex-col gap-2">
          {problems && (
            <p role="alert" className="font-medium text-danger-600 text-sm">
              Some fields need your attention.
            </p>
          )}
          <div className="flex gap-3">
            <Button
              variant="secondary"
              className="flex-1 sm:flex-none"
              loading={saving === 'draft'}
              disabled={saving !== null}
              onClick={() => submit('draft')}
            >
              Save as draft
            </Button>
            <Button
              type="submit"
              className="flex-1 sm:flex-none"
              loading={saving === 'active'}
              disabled={saving !== null}
            >
              Publish
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}

function CategoryFields({
  api,
  form,
  categoryId,
  categoryError,
  subCategoryError,
}: {
  api: ApiClient;
  form: UseFormReturn<ProductFormValues, unknown, ProductBody>;
  categoryId: string;
  categoryError: string | undefined;
  subCategoryError: string | undefined;
}) {
  const catalogue = useQuery({
    queryKey: categoriesKey,
    queryFn: ({ signal }) => api.get<{ categories: Category[] }>('/categories', { signal, auth: false }),
    staleTime: 10 * 60_000,
  });
  const categories = catalogue.data?.categories ?? [];
  const chosen = categories.find((c) => c._id === categoryId);

  // The selects are registered only once their options exist, so a stored choice shows selected.
  if (!catalogue.data) {
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectBox
          label="Category"
          disabled
          error={categoryError}
          hint={
            catalogue.isError ? 'We could not load the categories. Reload the page to try again.' : undefined
          }
        >
          <option>{catalogue.isError ? 'Categories unavailable' : 'Loading categories…'}</option>
        </SelectBox>
        <SelectBox label="Sub-category" disabled error={subCategoryError}>
          <option>Choose a category first</option>
        </SelectBox>
      </div>
    );
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectBox
        label="Category"
        error={categoryError}
        {...form.register('categoryId', {
          // A sub-category belongs to its category: a new category starts the choice again.
          onChange: () => form.setValue('subCategoryId', ''),
        })}
      >
        <option value="">Choose a category</option>
        {categories.map((category) => (
          <option key={category._id} value={category._id}>
            {category.name}
          </option>
        ))}
      </SelectBox>
      <SelectBox label="Sub-category" error={subCategoryError} {...form.register('subCategoryId')}>
        <option value="">{chosen ? 'Choose a sub-category' : 'Choose a category first'}</option>
        {chosen?.subCategories.map((sub) => (
          <option key={sub._id} value={sub._id}>
            {sub.name}
          </option>
        ))}
      </SelectBox>
    </div>
  );
}

/** The edit screen: loads the product (with the owner's token, so drafts load too), then the form. */
export function EditProductForm({
  sellerId,
  productId,
  api = appApi,
  upload,
}: {
  sellerId: string;
  productId: string;
  api?: ApiClient;
  upload?: UploadFn;
}) {
  const query = useQuery({
    queryKey: productQueries.detailKey(productId),
    queryFn: ({ signal }) => fetchProduct(api, productId, signal),
    // The form starts from what the server holds now, not from a list fetched minutes ago.
    staleTime: 0,
    refetchOnMount: 'always',
  });

  useEffect(() => {
    if (query.isError) toast.error(productMessages.fetchDetailsFailed, query.error.message);
  }, [query.isError, query.error]);

  if (query.isPending || (query.isFetching && !query.isFetchedAfterMount)) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4" aria-busy>
        <span className="sr-only" role="status">
          Loading product
        </span>
        {[0, 1, 2].map((card) => (
          <div key={card} aria-hidden className="h-40 animate-pulse rounded-card bg-surface shadow-card" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-3 rounded-card bg-surface p-8 text-center shadow-card">
        <p className="font-semibold text-ink">We could not load this product.</p>
        <p className="text-ink-muted text-sm">{query.error.message}</p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
          <Link to={paths.dashboard.products} className={buttonClasses({ variant: 'ghost' })}>
            Back to products
          </Link>
        </div>
      </div>
    );
  }
  return (
    <ProductForm
      key={query.data._id}
      sellerId={sellerId}
      mode={{ kind: 'edit', product: query.data }}
      api={api}
      upload={upload}
    />
  );
}
