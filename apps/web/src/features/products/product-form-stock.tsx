import { useFormState, useWatch } from 'react-hook-form';
import { firstMessage } from '@/features/products/form-values';
import type { UploadFn } from '@/features/products/products-api';
import type { ProductFormApi } from '@/features/products/use-product-form';
import type { VariantAction } from '@/features/products/variant-builder';
import { VariantEditor } from '@/features/products/variant-editor';
import { AmountField, FormSection } from '@/ui/form-parts';

/** One stock number, or options with a stock per combination (the variant editor) that add up. */
export function ProductStockSection({
  form,
  dispatch,
  upload,
}: {
  form: ProductFormApi;
  dispatch: (action: VariantAction) => void;
  upload: UploadFn | undefined;
}) {
  const { errors } = useFormState({ control: form.control });
  const [options, variants, images, price] = useWatch({
    control: form.control,
    name: ['options', 'variants', 'images', 'price'],
  });
  return (
    <FormSection
      title="Stock and variants"
      description="Sell one item, or options such as colour and size with their own price and stock."
    >
      {variants.length > 0 ? (
        <p className="rounded-control bg-canvas p-3 text-ink text-sm">
          Stock comes from the variants below: it is the sum of every combination's stock.
        </p>
      ) : (
        <AmountField
          label="Stock"
          inputMode="numeric"
          className="sm:max-w-48"
          error={errors.stock?.message}
          {...form.register('stock')}
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
  );
}
