import { useFormState } from 'react-hook-form';
import type { ProductFormApi, SaveAs } from '@/features/products/use-product-form';
import { Button } from '@/ui/button';

/** The bar fixed at the bottom: Save as draft and Publish, and a word when fields need attention. */
export function ProductFormActions({
  form,
  saving,
  onSave,
}: {
  form: ProductFormApi;
  saving: SaveAs | null;
  onSave: (status: SaveAs) => void;
}) {
  const { errors, submitCount } = useFormState({ control: form.control });
  const problems = submitCount > 0 && Object.keys(errors).length > 0;
  return (
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
            onClick={() => onSave('draft')}
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
  );
}
