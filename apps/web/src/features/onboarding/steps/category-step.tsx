import { type Category, IMAGE_MAX_BYTES } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Check, ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Checkbox, FieldError, FilePicker, isImage } from '@/features/onboarding/fields';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import type { PickedFile } from '@/features/onboarding/onboarding-draft';
import { uploadProfileImage } from '@/features/onboarding/profile-image-upload';
import { StepFrame } from '@/features/onboarding/step-frame';
import { showSubmitError } from '@/features/onboarding/submit-error';
import { useStepSave } from '@/features/onboarding/use-step-save';
import {
  checkCategories,
  errorTitles,
  IMAGES_FALLBACK_MESSAGE,
  notices,
} from '@/features/onboarding/validation';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { useServerFieldErrors } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { MediaImage } from '@/ui/media-image';
import { Spinner } from '@/ui/spinner';

export function CategoryStep() {
  const { draft, update, api, completeStep, toasts } = useOnboardingContext();
  const save = useStepSave();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Category | null>(null);
  const [imageOpen, setImageOpen] = useState(false);
  const fieldErrors = useServerFieldErrors();
  const catalogue = useQuery(catalogueQueries.categories(api));
  const categories = catalogue.data?.categories ?? [];
  const chosen = (id: string) => draft.categories.find((c) => c.categoryId === id)?.subCategories ?? [];

  const setChosen = (id: string, subCategories: string[]) => {
    fieldErrors.clear('categories');
    const rest = draft.categories.filter((c) => c.categoryId !== id);
    update('categories', subCategories.length ? [...rest, { categoryId: id, subCategories }] : rest);
  };

  const next = async () => {
    const problem = checkCategories(draft.categories);
    if (problem) {
      toasts.complain(problem);
      return;
    }
    setBusy(true);
    try {
      const body = {
        categories: draft.categories.flatMap(({ categoryId, subCategories }) => {
          const category = categories.find((c) => c._id === categoryId);
          if (!category) return [];
          return [
            {
              name: category.name,
              id: category._id,
              subCategories: category.subCategories
                .filter((s) => subCategories.includes(s._id))
                .map((s) => ({ name: s.name })),
            },
          ];
        }),
      };
      completeStep(await save('POST', '/seller/select-categories', body));
      await navigate(paths.onboarding.shippingOptions);
    } catch (error) {
      showSubmitError(toasts, errorTitles.categories, error);
      fieldErrors.show(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepFrame
      step="business-category-onboarding"
      problem={checkCategories(draft.categories)}
      title="What Will You Sell"
      description="Tap a category to choose what you sell in it. A green tick marks your choices."
      onNext={next}
      busy={busy}
    >
      {catalogue.isPending ? (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner label="Loading categories" />
        </div>
      ) : catalogue.isError ? (
        <p className="text-danger-600">
          We could not load the categories.{' '}
          <Button variant="ghost" onClick={() => void catalogue.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {categories.map((category) => {
            const count = chosen(category._id).length;
            return (
              <li key={category._id}>
                <button
                  type="button"
                  onClick={() => setOpen(category)}
                  aria-label={count ? `${category.name}, ${count} chosen` : category.name}
                  className={clsx(
                    'relative flex w-full flex-col overflow-hidden rounded-card border-2 bg-surface text-left transition-colors',
                    count ? 'border-brand-600' : 'border-line hover:border-line-strong',
                  )}
                >
                  <MediaImage
                    src={category.image.url}
                    shownAt={{ sizes: '(min-width: 640px) 200px, 50vw', width: 180 }}
                    className="aspect-square w-full object-cover"
                    loading="lazy"
                  />
                  <span className="p-2 font-semibold text-ink text-sm leading-tight">{category.name}</span>
                  {count > 0 && (
                    <span className="absolute top-2 right-2 flex size-7 items-center justify-center rounded-full bg-brand-600 text-white shadow">
                      <Check className="size-4" aria-hidden strokeWidth={3} />
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {/* The payload's paths point into the list sent (categories.0...), not at one card. */}
      <FieldError message={fieldErrors.errorUnder('categories')} />
      <div className="flex flex-col gap-2 rounded-card border border-line p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-ink-muted text-sm">Add your store's profile image now, or on the next steps.</p>
        <Button variant="secondary" onClick={() => setImageOpen(true)}>
          <ImagePlus className="size-5" aria-hidden />
          Profile image
        </Button>
      </div>
      {open && (
        <SubCategoryDialog
          category={open}
          selected={chosen(open._id)}
          onClose={() => setOpen(null)}
          onDone={(ids) => {
            setChosen(open._id, ids);
            setOpen(null);
          }}
        />
      )}
      <ProfileImageDialog open={imageOpen} onClose={() => setImageOpen(false)} />
    </StepFrame>
  );
}

function SubCategoryDialog({
  category,
  selected,
  onClose,
  onDone,
}: {
  category: Category;
  selected: string[];
  onClose: () => void;
  onDone: (ids: string[]) => void;
}) {
  const [ids, setIds] = useState(selected);
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={category.name}
      description="Choose every kind of product you sell here."
      footer={
        <>
          <Button variant="secondary" onClick={() => setIds([])}>
            Clear
          </Button>
          <Button onClick={() => onDone(ids)}>Done</Button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Sub-categories of {category.name}</legend>
        {category.subCategories.map((sub) => (
          <Checkbox
            key={sub._id}
            checked={ids.includes(sub._id)}
            onChange={(on) =>
              setIds((current) => (on ? [...current, sub._id] : current.filter((id) => id !== sub._id)))
            }
          >
            {sub.name}
          </Checkbox>
        ))}
      </fieldset>
    </Dialog>
  );
}

function ProfileImageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { files, setFile, upload, completeStep, toasts } = useOnboardingContext();
  const [picked, setPicked] = useState<PickedFile | undefined>(files.avatar);
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async () => {
    if (!picked) {
      toasts.error('avatar', notices.profileImageMissing.title);
      return;
    }
    setProgress(0);
    try {
      completeStep(await uploadProfileImage(upload, 'avatar', picked, setProgress));
      setFile('avatar', picked);
      toast.success('Profile image saved');
      onClose();
    } catch (error) {
      showSubmitError(toasts, errorTitles.images, error, IMAGES_FALLBACK_MESSAGE);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Profile image"
      description="Your store's logo or a clear photo. Any image type."
      footer={
        <Button onClick={() => void submit()} loading={progress !== null}>
          Submit
        </Button>
      }
    >
      <FilePicker
        label="Profile Image"
        accept="image/*"
        prefix="avatar"
        value={picked}
        allowed={isImage}
        maxBytes={IMAGE_MAX_BYTES}
        progress={progress}
        onPick={(file) => {
          setPicked(file ?? undefined);
          if (file) toasts.dismiss('avatar');
        }}
        onProblem={() =>
          toasts.error('avatar', 'Error processing profile image', 'Choose an image file of at most 10 MB')
        }
      />
    </Dialog>
  );
}
