import type { AccountType } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { Building2, User } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { FieldError } from '@/features/onboarding/fields';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { StepFrame } from '@/features/onboarding/step-frame';
import { showSubmitError } from '@/features/onboarding/submit-error';
import { useStepSave } from '@/features/onboarding/use-step-save';
import { errorTitles } from '@/features/onboarding/validation';
import { useServerFieldErrors } from '@/lib/field-errors';

const CHOICES: Array<{ value: AccountType; label: string; tip: string; Icon: typeof User }> = [
  {
    value: 'business',
    label: 'Business',
    tip: 'Choose Business if you have a registered business in your country of origin or residence.',
    Icon: Building2,
  },
  {
    value: 'individual',
    label: 'Individual',
    tip: 'Choose Individual if you are a sole proprietor or just an individual looking to sell.',
    Icon: User,
  },
];

/** Apply To Sell: business or individual, which decides the rest of the path. */
export function AccountTypeStep() {
  const { draft, update, completeStep, toasts } = useOnboardingContext();
  const save = useStepSave();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const fieldErrors = useServerFieldErrors();

  const next = async () => {
    setBusy(true);
    try {
      const answer = await save('PUT', '/seller/profile/account-type', {
        accountType: draft.accountType,
      });
      completeStep(answer);
      await navigate(
        draft.accountType === 'business'
          ? paths.onboarding.businessOnboarding
          : paths.onboarding.individualOnboarding,
      );
    } catch (error) {
      showSubmitError(toasts, errorTitles.accountType, error);
      fieldErrors.show(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepFrame
      step="profile"
      title="Apply To Sell"
      description="Which option best describe who you are?"
      onNext={next}
      busy={busy}
      showBack={false}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Account type</legend>
        {CHOICES.map(({ value, label, tip, Icon }) => {
          const checked = draft.accountType === value;
          return (
            <label
              key={value}
              className={clsx(
                'flex cursor-pointer items-start gap-3 rounded-card border-2 p-4 transition-colors',
                checked ? 'border-brand-600 bg-brand-50' : 'border-line hover:border-line-strong',
              )}
            >
              <input
                type="radio"
                name="accountType"
                value={value}
                checked={checked}
                onChange={() => {
                  fieldErrors.clear('accountType');
                  update('accountType', value);
                }}
                className="mt-1 size-5 shrink-0 accent-brand-600"
              />
              <Icon className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden />
              <span>
                <span className="block font-semibold text-ink">{label}</span>
                <span className="mt-1 block text-ink-muted text-sm">{tip}</span>
              </span>
            </label>
          );
        })}
        <FieldError message={fieldErrors.errorFor('accountType')} />
      </fieldset>
    </StepFrame>
  );
}
