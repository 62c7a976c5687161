import { useFormState } from 'react-hook-form';
import type { ProductFormApi } from '@/features/products/use-product-form';
import { AmountField, FormSection } from '@/ui/form-parts';

/** Weight and dimensions, for delivery costs. */
export function ProductShippingSection({ form }: { form: ProductFormApi }) {
  const { register } = form;
  const { errors } = useFormState({ control: form.control });
  return (
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
  );
}
