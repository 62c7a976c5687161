import { useQuery } from '@tanstack/react-query';
import { useFormState, useWatch } from 'react-hook-form';
import { firstMessage } from '@/features/products/form-values';
import type { ProductFormApi } from '@/features/products/use-product-form';
import type { ApiClient } from '@/lib/api-client';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { ChipsInput } from '@/ui/chips-input';
import { FormSection, SelectBox, TextAreaField } from '@/ui/form-parts';
import { Input } from '@/ui/input';

/** Name, description, category and sub-category, condition and tags. */
export function ProductDetailsSection({ form, api }: { form: ProductFormApi; api: ApiClient }) {
  const { register, setValue, control } = form;
  const { errors } = useFormState({ control });
  const [tags, categoryId] = useWatch({ control, name: ['tags', 'categoryId'] });
  return (
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
  form: ProductFormApi;
  categoryId: string;
  categoryError: string | undefined;
  subCategoryError: string | undefined;
}) {
  const catalogue = useQuery(catalogueQueries.categories(api));
  const categories = catalogue.data?.categories ?? [];
  const chosen = categories.find((c) => c._id === categoryId);

  // The selects are registered only once their options exist, so a stored choice shows selected.
  if (!catalogue.data) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
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
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
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
