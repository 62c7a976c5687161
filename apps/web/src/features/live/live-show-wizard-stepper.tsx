import { clsx } from 'clsx';
import { STEP_LABELS, WIZARD_STEPS, type WizardStep } from '@/features/live/live-draft';

/** The four steps as a bar; a step already done can be jumped back to. */
export function Stepper({ current, onJump }: { current: WizardStep; onJump: (step: WizardStep) => void }) {
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
