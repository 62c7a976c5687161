import { useFormState, useWatch } from 'react-hook-form';
import { firstMessage } from '@/features/products/form-values';
import { PhotosField } from '@/features/products/photos-field';
import type { UploadFn } from '@/features/products/products-api';
import type { ProductFormApi } from '@/features/products/use-product-form';
import { FormSection } from '@/ui/form-parts';

/** The product's photos: the form holds the uploaded URLs in order; uploads in flight are counted. */
export function ProductPhotosSection({
  form,
  onPendingChange,
  upload,
}: {
  form: ProductFormApi;
  onPendingChange: (pending: number) => void;
  upload: UploadFn | undefined;
}) {
  const images = useWatch({ control: form.control, name: 'images' });
  const { errors } = useFormState({ control: form.control });
  return (
    <FormSection title="Photos">
      <PhotosField
        value={images}
        onChange={(urls) => form.setValue('images', urls, { shouldDirty: true })}
        onPendingChange={onPendingChange}
        error={errors.images?.message ?? firstMessage(errors.images)}
        upload={upload}
      />
    </FormSection>
  );
}
