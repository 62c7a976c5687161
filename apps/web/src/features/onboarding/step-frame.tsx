import type { FormEvent, ReactNode } from 'react';
import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { type Notice, STEPS } from '@/features/onboarding/validation';
import { useDocumentTitle } from '@/lib/document-title';
import { BrandMark } from '@/ui/brand-mark';
import { Button } from '@/ui/button';

export interface StepFrameProps {
  /** Which step this is, for "Step n of m". */
  step: (typeof STEPS)['business'][number];
  title: string;
  description: ReactNode;
  children: ReactNode;
  onNext: () => void | Promise<void>;
  busy?: boolean;
  /** Shown on Next while busy, e.g. 'Uploading...'. */
  busyLabel?: string;
  nextDisabled?: boolean;
  /** The first step has no Back. */
  showBack?: boolean;
  /** What stops Next right now, if anything: its toast goes once this changes (the seller fixed it). */
  problem?: Notice | null;
}

/** One onboarding step: the brand, "Step n of m", the title, the fields, then Back and Next. */
export function StepFrame({
  step,
  title,
  description,
  children,
  onNext,
  busy = false,
  busyLabel,
  nextDisabled = false,
  showBack = true,
  problem = null,
}: StepFrameProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const { draft, toasts } = useOnboardingContext();
  const problemTitle = problem?.title ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the problem's title is what changes when it is fixed.
  useEffect(() => toasts.settle(problem), [problemTitle, toasts]);
  // A step's errors are about that step: leaving it (Next, Back) takes them away.
  useEffect(() => () => toasts.dismiss(), [toasts]);
  useDocumentTitle(title);
  const steps = STEPS[draft.accountType];
  const index = Math.max(0, steps.indexOf(step));
  const position = `Step ${index + 1} of ${steps.length}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !nextDisabled) void onNext();
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-line border-b bg-surface">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center px-4">
          <BrandMark />
        </div>
      </header>
      <main aria-labelledby={titleId} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 sm:py-8">
        <div className="mb-4">
          <p className="font-semibold text-brand-700 text-sm">{position}</p>
          <div className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-line" aria-hidden="true">
            <div
              className="h-full rounded-full bg-brand-600 transition-[width]"
              style={{ width: `${((index + 1) / steps.length) * 100}%` }}
            />
          </div>
        </div>
        <form noValidate onSubmit={submit} className="rounded-card bg-surface p-5 shadow-card sm:p-8">
          <h1 id={titleId} className="font-bold text-2xl text-ink">
            {title}
          </h1>
          <div className="mt-2 text-ink-muted">{description}</div>
          <div className="mt-6 flex flex-col gap-5">{children}</div>
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            {showBack ? (
              <Button variant="secondary" onClick={() => void navigate(-1)} disabled={busy}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={busy} disabled={nextDisabled}>
              {busy && busyLabel ? busyLabel : 'Next'}
            </Button>
          </div>
        </form>
      </main>
    </div>
  );
}
