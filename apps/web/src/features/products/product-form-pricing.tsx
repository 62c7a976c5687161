import { useFormState } from 'react-hook-form';
import type { ProductFormApi } from '@/features/products/use-product-form';
import { AmountField, FormSection } from '@/ui/form-parts';

/** The price and the old price shown crossed out. */
export function ProductPricingSection({ form }: { form: ProductFormApi }) {
  const { errors } = useFormState({ control: form.control });
  return (
    <FormSection title="Pricing">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <AmountField
          label="Price"
          prefix="₦"
          placeholder="0.00"
          error={errors.price?.message}
          {...form.register('price')}
        />
        <AmountField
          label="Compare-at price"
          prefix="₦"
          placeholder="Optional"
          hint="The old price, shown crossed out."
          error={errors.compareAtPrice?.message}
          {...form.register('compareAtPrice')}
        />
      </div>
    </FormSection>
  );
}
