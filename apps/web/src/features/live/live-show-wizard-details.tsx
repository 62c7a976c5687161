import { MAX_STREAM_TAGS } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import type { LiveDraftForm } from '@/features/live/use-live-show-wizard';
import type { ApiClient } from '@/lib/api-client';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { Button } from '@/ui/button';
import { ChipsInput } from '@/ui/chips-input';
import { FormSection, SelectBox, TextAreaField } from '@/ui/form-parts';
import { Input } from '@/ui/input';

/** Step 1: title, description, category and sub-category, tags. */
export function DetailsStep({ form, api }: { form: LiveDraftForm; api: ApiClient }) {
  const { errors } = form.formState;
  const category = useWatch({ control: form.control, name: 'category' });
  const catalogue = useQuery(catalogueQueries.categories(api));
  const categories = catalogue.data?.categories ?? [];
  const chosen = categories.find((c) => c._id === category);

  return (
    <FormSection title="Details" description="What buyers see first when they find your show.">
      <Input
        label="Title"
        maxLength={100}
        placeholder="e.g. Friday Ankara drop"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextAreaField
        label="Description"
        maxLength={2000}
        hint="What you will show and sell, and anything buyers should know."
        error={errors.description?.message}
        {...form.register('description')}
      />
      {/* The selects are registered once their options exist, so a restored choice shows selected. */}
      {catalogue.data ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectBox
            label="Category"
            error={errors.category?.message}
            {...form.register('category', {
              // A sub-category belongs to its category: a new category starts the choice again.
              onChange: () => form.setValue('subCategory', ''),
            })}
          >
            <option value="">Select a category</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </SelectBox>
          <SelectBox
            label="Sub-category"
            hint="Optional."
            error={errors.subCategory?.message}
            disabled={!chosen}
            {...form.register('subCategory')}
          >
            <option value="">{chosen ? 'Select a sub-category' : 'Select a category first'}</option>
            {chosen?.subCategories.map((sub) => (
              <option key={sub._id} value={sub._id}>
                {sub.name}
              </option>
            ))}
          </SelectBox>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectBox
            label="Category"
            disabled
            error={errors.category?.message}
            hint={catalogue.isError ? 'We could not load the categories.' : undefined}
          >
            <option>{catalogue.isError ? 'Categories unavailable' : 'Loading categories…'}</option>
          </SelectBox>
          {catalogue.isError ? (
            <Button variant="secondary" onClick={() => void catalogue.refetch()} className="sm:self-end">
              Try again
            </Button>
          ) : (
            <SelectBox label="Sub-category" disabled>
              <option>Select a category first</option>
            </SelectBox>
          )}
        </div>
      )}
      <Controller
        control={form.control}
        name="tags"
        render={({ field, fieldState }) => (
          <ChipsInput
            label="Tags"
            hint="Words buyers might search for. Press Enter or type a comma after each one."
            error={fieldState.error?.message ?? firstTagError(errors.tags)}
            values={field.value}
            onChange={field.onChange}
            maxItems={MAX_STREAM_TAGS}
            maxLength={30}
            placeholder="e.g. ankara, lace"
            itemName="tag"
          />
        )}
      />
    </FormSection>
  );
}

function firstTagError(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  return errors.find((e): e is { message: string } => typeof e?.message === 'string')?.message;
}
