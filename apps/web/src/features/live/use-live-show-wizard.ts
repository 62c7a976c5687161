import type { StreamType } from '@kasuwa/contracts';
import { useEffect, useRef, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
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
  WIZARD_STEPS,
  type WizardStep,
  writeLiveDraft,
} from '@/features/live/live-draft';
import { cameFromReview, STEP_PARAM, submitShowPath } from '@/features/live/live-paths';
import { useFormDraft } from '@/lib/use-form-draft';

export type LiveDraftForm = UseFormReturn<LiveDraftValues, unknown, LiveDraftBody>;

const stepFrom = (value: string | null): WizardStep =>
  WIZARD_STEPS.includes(value as WizardStep) ? (value as WizardStep) : 'details';

/**
 * The wizard's navigation and draft: the step lives in the URL (?step=), the whole draft in one
 * form that is kept on the device as the seller types, Next checks only the step's own fields, the
 * last Next saves and opens the submit page, and each new step starts at its heading.
 */
export function useLiveShowWizard({ kind, sellerId }: { kind: StreamType; sellerId: string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const step = stepFrom(search.get(STEP_PARAM));
  const stepIndex = WIZARD_STEPS.indexOf(step);
  const location = useLocation();
  const [restored, setRestored] = useState<SavedDraft | null>(() => readLiveDraft(sellerId, kind));
  const [fromReview] = useState(() => cameFromReview(location.state));
  const [resolver] = useState(() => liveDraftResolver(kind));
  const form: LiveDraftForm = useForm<LiveDraftValues, unknown, LiveDraftBody>({
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

  // The banner is for a draft found on arrival, not for coming back from the submit page.
  const keptDraft = restored && !fromReview ? restored : null;

  return { form, step, stepIndex, keptDraft, headingRef, goTo, onNext, onBack, startOver };
}
