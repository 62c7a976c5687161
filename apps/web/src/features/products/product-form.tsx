import { StatusBadge } from '@/features/products/product-bits';
import { ProductFormActions } from '@/features/products/product-form-actions';
import { ProductDetailsSection } from '@/features/products/product-form-details';
import { ProductDraftBanner } from '@/features/products/product-form-draft-banner';
import { ProductPhotosSection } from '@/features/products/product-form-photos';
import { ProductPricingSection } from '@/features/products/product-form-pricing';
import { ProductSaleTypeSection } from '@/features/products/product-form-sale-type';
import { ProductShippingSection } from '@/features/products/product-form-shipping';
import { ProductStockSection } from '@/features/products/product-form-stock';
import type { UploadFn } from '@/features/products/products-api';
import { type ProductFormMode, useProductForm } from '@/features/products/use-product-form';
import { type ApiClient, api as appApi } from '@/lib/api-client';

export interface ProductFormProps {
  sellerId: string;
  mode: ProductFormMode;
  api?: ApiClient;
  /** Tests pass their own photo upload. */
  upload?: UploadFn;
}

/** The add and edit product form (issue 7): its sections over one form from useProductForm. */
export function ProductForm({ sellerId, mode, api = appApi, upload }: ProductFormProps) {
  const { form, restored, discard, dispatch, setPendingPhotos, submit, saving, warmChecks } = useProductForm({
    sellerId,
    mode,
    api,
  });

  return (
    <form
      noValidate
      // The checks (zod) load while the seller types into the first field, before its first check.
      onFocus={warmChecks}
      onSubmit={(event) => {
        event.preventDefault();
        submit('active');
      }}
      className="mx-auto flex max-w-3xl flex-col gap-4 pb-28"
    >
      {restored && <ProductDraftBanner draft={restored} onDiscard={discard} />}
      {mode.kind === 'edit' && (
        <p className="flex items-center gap-2 text-ink-muted text-sm">
          Status: <StatusBadge status={mode.product.status} />
        </p>
      )}
      <ProductPhotosSection form={form} onPendingChange={setPendingPhotos} upload={upload} />
      <ProductDetailsSection form={form} api={api} />
      <ProductPricingSection form={form} />
      <ProductStockSection form={form} dispatch={dispatch} upload={upload} />
      <ProductShippingSection form={form} />
      <ProductSaleTypeSection form={form} />
      <ProductFormActions form={form} saving={saving} onSave={submit} />
    </form>
  );
}
