import { MAX_STREAM_TAGS, type StreamType } from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CalendarClock, History, Zap } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  clearLiveDraft,
  emptyDraftValues,
  LIVE_DRAFT_DEBOUNCE_MS,
  type LiveDraftBody,
  type LiveDraftValues,
  liveDraftKey,
  liveDraftResolver,
  readLiveDraft,
  type SavedDraft,
  STEP_FIELDS,
  STEP_LABELS,
  WIZARD_STEPS,
  type WizardStep,
  writeLiveDraft,
} from '@/features/live/live-draft';
import { cameFromReview, STEP_PARAM, submitShowPath } from '@/features/live/live-paths';
import { MediaField } from '@/features/live/media-field';
import { ProductsStep } from '@/features/live/products-step';
import {
  deviceTimeZone,
  formatLagosTime,
  fromLocalInputValue,
  relativeTime,
  toLocalInputValue,
} from '@/features/live/show-time';
import type { UploadFn } from '@/features/live/streams-api';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { useFormDraft } from '@/lib/use-form-draft';
import { Button } from '@/ui/button';
import { ChipsInput } from '@/ui/chips-input';
import { FormSection, SelectBox, TextAreaField } from '@/ui/form-parts';
import { Input } from '@/ui/input';

type DraftForm = UseFormReturn<LiveDraftValues, unknown, LiveDraftBody>;

export interface LiveShowWizardProps {
  kind: StreamType;
  sellerId: string;
  api?: ApiClient;
  /** Tests pass their own media upload. */
  upload?: UploadFn;
}

const stepFrom = (value: string | null): WizardStep =>
  WIZARD_STEPS.includes(value as WizardStep) ? (value as WizardStep) : 'details';

const savedAtText = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/** The create live show and create live auction wizards: details, media, products, schedule. */
export function LiveShowWizard({ kind, sellerId, api = appApi, upload }: LiveShowWizardProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const step = stepFrom(search.get(STEP_PARAM));
  const stepIndex = WIZARD_STEPS.indexOf(step);
  const location = useLocation();
  const [restored, setRestored] = useState<SavedDraft | null>(() => readLiveDraft(sellerId, kind));
  const [fromReview] = useState(() => cameFromReview(location.state));
  const [resolver] = useState(() => liveDraftResolver(kind));
  const form = useForm<LiveDraftValues, unknown, LiveDraftBody>({
    resolver,
    defaultValues: restored?.values ?? emptyDraftValues,
    mode: 'onTouched',
  });
  const autosave = useFormDraft(form, {
    key: liveDraftKey(sellerId, kind),
    write: (values) => writeLiveDraft(sellerId, kind, values),
    clear: () => clearLiveDraft(sellerId, kind),
    debounceMs: LIVE_DRAFT_DEBOUNCE_MS,
  });
  const [busy, setBusy] = useState({ coverPhoto: false, video: false });
  const uploading = busy.coverPhoto || busy.video;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each step starts at its heading, so a screen reader and a phone's scroll begin at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  }, [step]);

  const goTo = (next: WizardStep) => {
    const params = new URLSearchParams(search);
    params.set(STEP_PARAM, next);
    setSearch(params);
  };

  const onNext = async () => {
    const valid = await form.trigger([...STEP_FIELDS[step]], { shouldFocus: true });
    if (!valid) return;
    const next = WIZARD_STEPS[stepIndex + 1];
    if (next) {
      goTo(next);
      return;
    }
    autosave.save();
    navigate(submitShowPath(kind));
  };

  const onBack = () => {
    const previous = WIZARD_STEPS[stepIndex - 1];
    // Earlier steps keep their values: the whole draft lives in one form.
    if (previous) goTo(previous);
  };

  const startOver = () => {
    autosave.forget();
    form.reset(emptyDraftValues);
    setRestored(null);
    goTo('details');
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onNext();
      }}
      className="mt-4 flex flex-col gap-4 pb-24 sm:pb-0"
    >
      {restored && !fromReview && (
        <div className="flex flex-col gap-2 rounded-card border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-brand-800 text-sm">
            <History className="size-4 shrink-0" aria-hidden />
            We kept your draft from {savedAtText(restored.savedAt)}.
          </p>
          <Button variant="secondary" size="sm" onClick={startOver}>
            Start over
          </Button>
        </div>
      )}
      <Stepper current={step} onJump={(target) => goTo(target)} />
      <h2 ref={headingRef} tabIndex={-1} className="sr-only">
        Step {stepIndex + 1} of {WIZARD_STEPS.length}: {STEP_LABELS[step]}
      </h2>
      {step === 'details' && <DetailsStep form={form} api={api} />}
      {step === 'media' && (
        <FormSection
          title="Media"
          description="A bright cover photo and a short preview video help buyers decide to join."
        >
          <Controller
            control={form.control}
            name="coverPhoto"
            render={({ field, fieldState }) => (
              <MediaField
                field="coverImage"
                label="Cover photo"
                hint="Recommended. Shown on your show's page and share link; a wide photo (16:9) looks best."
                value={field.value}
                onChange={field.onChange}
                onBusyChange={(value) =>
                  setBusy((b) => (b.coverPhoto === value ? b : { ...b, coverPhoto: value }))
                }
                error={fieldState.error?.message}
                upload={upload}
              />
            )}
          />
          <Controller
            control={form.control}
            name="video"
            render={({ field, fieldState }) => (
              <MediaField
                field="video"
                label="Preview video"
                hint="Optional. A short clip (MP4, WebM or MOV) buyers can watch before the show."
                value={field.value}
                onChange={field.onChange}
                onBusyChange={(value) => setBusy((b) => (b.video === value ? b : { ...b, video: value }))}
                error={fieldState.error?.message}
                upload={upload}
              />
            )}
          />
        </FormSection>
      )}
      {step === 'products' && <ProductsStep form={form} kind={kind} api={api} sellerId={sellerId} />}
      {step === 'schedule' && <ScheduleStep form={form} />}
      <div className="fixed inset-x-0 bottom-0 z-10 flex gap-2 border-line border-t bg-surface p-3 sm:static sm:justify-end sm:border-0 sm:bg-transparent sm:p-0">
        {stepIndex > 0 && (
          <Button variant="secondary" size="lg" onClick={onBack} className="flex-1 sm:flex-none">
            Back
          </Button>
        )}
        <Button type="submit" size="lg" disabled={uploading} className="flex-1 sm:flex-none">
          {uploading ? 'Uploading…' : stepIndex === WIZARD_STEPS.length - 1 ? 'Review' : 'Next'}
        </Button>
      </div>
    </form>
  );
}

function Stepper({ current, onJump }: { current: WizardStep; onJump: (step: WizardStep) => void }) {
  const currentIndex = WIZARD_STEPS.indexOf(current);
  return (
    <nav aria-label="Steps">
      <ol className="grid grid-cols-4 gap-1.5">
        {WIZARD_STEPS.map((step, index) => {
          const done = index < currentIndex;
          const here = index === currentIndex;
          const body = (
            <>
              <span
                className={clsx('block h-1.5 w-full rounded-full', here || done ? 'bg-brand-600' : 'bg-line')}
              />
              <span
                className={clsx(
                  'mt-1.5 block truncate text-xs sm:text-sm',
                  here ? 'font-semibold text-ink' : 'text-ink-muted',
                )}
              >
                <span className="sr-only sm:not-sr-only">{index + 1}. </span>
                {STEP_LABELS[step]}
              </span>
            </>
          );
          return (
            <li key={step} aria-current={here ? 'step' : undefined}>
              {done ? (
                // Going back is always safe; going forward goes through Next and its checks.
                <button type="button" onClick={() => onJump(step)} className="block w-full text-left">
                  {body}
                </button>
              ) : (
                <div>{body}</div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function DetailsStep({ form, api }: { form: DraftForm; api: ApiClient }) {
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
        <div className="grid gap-4 sm:grid-cols-2">
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
        <div className="grid gap-4 sm:grid-cols-2">
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

/** Today at 20:00 if that is still ahead, then tomorrow at 20:00: evening is when buyers watch. */
function quickTimes(now: Date): { label: string; at: Date }[] {
  const inAnHour = new Date(now.getTime() + 60 * 60_000);
  inAnHour.setSeconds(0, 0);
  const tonight = new Date(now);
  tonight.setHours(20, 0, 0, 0);
  const tomorrow = new Date(tonight);
  tomorrow.setDate(tomorrow.getDate() + 1);
  return [
    { label: 'In 1 hour', at: inAnHour },
    ...(tonight.getTime() > now.getTime() + 15 * 60_000 ? [{ label: 'Today, 8 pm', at: tonight }] : []),
    { label: 'Tomorrow, 8 pm', at: tomorrow },
  ];
}

function ScheduleStep({ form }: { form: DraftForm }) {
  const timeId = useId();
  const [startImmediately, scheduled] = useWatch({
    control: form.control,
    name: ['startImmediately', 'scheduledStartTime'],
  });
  const error = form.formState.errors.scheduledStartTime?.message;
  const [now] = useState(() => new Date());
  const choose = (immediately: boolean) => {
    form.setValue('startImmediately', immediately, { shouldDirty: true });
    form.clearErrors('scheduledStartTime');
  };
  const setTime = (iso: string | null) =>
    form.setValue('scheduledStartTime', iso, { shouldDirty: true, shouldValidate: iso !== null });

  return (
    <FormSection title="Schedule" description="When your show starts. You go live from the studio.">
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="mb-2 font-medium text-ink text-sm">Start</legend>
        <ChoiceCard
          name="start"
          checked={!startImmediately}
          onChange={() => choose(false)}
          icon={<CalendarClock className="size-5" aria-hidden />}
          title="Schedule for later"
          text="Pick a date and time; buyers can see it coming and share your link."
        />
        <ChoiceCard
          name="start"
          checked={startImmediately}
          onChange={() => choose(true)}
          icon={<Zap className="size-5" aria-hidden />}
          title="Start immediately"
          text="Go straight to the studio after you submit."
        />
      </fieldset>
      {!startImmediately && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={timeId} className="font-medium text-ink text-sm">
            Start date and time
          </label>
          <input
            id={timeId}
            type="datetime-local"
            value={toLocalInputValue(scheduled)}
            min={toLocalInputValue(now)}
            onChange={(event) => setTime(fromLocalInputValue(event.target.value))}
            onBlur={() => void form.trigger('scheduledStartTime')}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${timeId}-hint`, error ? `${timeId}-error` : null].filter(Boolean).join(' ')}
            className={clsx(
              'min-h-11 w-full max-w-xs rounded-control border bg-surface px-3 text-base text-ink',
              error ? 'border-danger-600' : 'border-line-strong',
            )}
          />
          <p id={`${timeId}-hint`} className="text-ink-muted text-sm">
            In your phone's time zone ({deviceTimeZone()}).
          </p>
          {error && (
            <p id={`${timeId}-error`} className="font-medium text-danger-600 text-sm">
              {error}
            </p>
          )}
          <div className="mt-1 flex flex-wrap gap-2">
            {quickTimes(now).map(({ label, at }) => (
              <button
                key={label}
                type="button"
                onClick={() => setTime(at.toISOString())}
                className="min-h-10 rounded-full border border-line-strong px-3 text-ink text-sm hover:bg-canvas"
              >
                {label}
              </button>
            ))}
          </div>
          {scheduled && !error && (
            <p className="mt-2 rounded-control bg-canvas p-3 text-ink text-sm" aria-live="polite">
              Starts <strong>{formatLagosTime(scheduled)}</strong> (Lagos time), {relativeTime(scheduled)}.
            </p>
          )}
        </div>
      )}
    </FormSection>
  );
}

function ChoiceCard({
  name,
  checked,
  onChange,
  icon,
  title,
  text,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  return (
    <label
      className={clsx(
        'flex cursor-pointer gap-3 rounded-control border p-3',
        checked ? 'border-brand-600 bg-brand-50' : 'border-line-strong bg-surface',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="mt-1 size-4 accent-brand-600"
      />
      <span className="flex flex-col">
        <span className="flex items-center gap-1.5 font-semibold text-ink">
          {icon}
          {title}
        </span>
        <span className="text-ink-muted text-sm">{text}</span>
      </span>
    </label>
  );
}
