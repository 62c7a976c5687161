import {
  DEFAULT_RETURN_WINDOW_DAYS,
  PRODUCT_NAME,
  RETURN_WINDOW_DAYS,
  type ReturnsPolicy,
  type ShippingMethod,
} from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { PackageCheck, Store, Truck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Checkbox, FieldError, SelectField } from '@/features/onboarding/fields';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { StepFrame } from '@/features/onboarding/step-frame';
import { ShippingTerms } from '@/features/onboarding/steps/shipping-terms';
import { showSubmitError } from '@/features/onboarding/submit-error';
import { useStepSave } from '@/features/onboarding/use-step-save';
import { errorTitles, notices, shippingReady } from '@/features/onboarding/validation';
import { useServerFieldErrors } from '@/lib/field-errors';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

const METHODS: Array<{
  value: ShippingMethod;
  title: string;
  text: string;
  icon: ReactNode;
  soon?: boolean;
}> = [
  {
    value: 'seller',
    title: 'Shipped by Seller',
    text: 'You send each order with a courier or dispatch rider of your choice.',
    icon: <Truck className="size-6" aria-hidden />,
  },
  {
    value: 'pickup',
    title: 'Store Pickup',
    text: 'Buyers collect their orders from your store or warehouse.',
    icon: <Store className="size-6" aria-hidden />,
  },
  {
    value: 'kasuwa',
    title: `Shipped by ${PRODUCT_NAME}`,
    text: `${PRODUCT_NAME} collects orders from you and delivers them.`,
    icon: <PackageCheck className="size-6" aria-hidden />,
    soon: true,
  },
];

function OptionCard({
  name,
  checked,
  disabled,
  onSelect,
  title,
  text,
  icon,
  badge,
}: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  title: string;
  text: ReactNode;
  icon?: ReactNode;
  badge?: string;
}) {
  return (
    <label
      className={clsx(
        'flex items-start gap-3 rounded-card border-2 p-4 transition-colors',
        disabled ? 'cursor-not-allowed border-line bg-canvas' : 'cursor-pointer',
        !disabled && (checked ? 'border-brand-600 bg-brand-50' : 'border-line hover:border-line-strong'),
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="mt-1 size-5 shrink-0 accent-brand-600"
      />
      {icon && <span className="mt-0.5 shrink-0 text-brand-700">{icon}</span>}
      <span className="min-w-0">
        <span className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          {title}
          {badge && (
            <span className="rounded-full bg-blue-50 px-2 py-0.5 font-semibold text-blue-800 text-xs">
              {badge}
            </span>
          )}
        </span>
        <span className="mt-1 block text-ink-muted text-sm">{text}</span>
      </span>
    </label>
  );
}

/** How orders leave the seller and which returns they accept; the terms must be accepted. */
export function ShippingOptionsStep() {
  const { draft, update, completeStep, toasts } = useOnboardingContext();
  const save = useStepSave();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const fieldErrors = useServerFieldErrors();
  const value = draft.shipping;
  /** The payload's name for each choice. */
  const payloadNames: Record<keyof typeof value, string> = {
    method: 'shippingMethod',
    policy: 'returnsAndExchangePolicy',
    returnWindowDays: 'returnWindowDays',
    agreed: 'agreedToTerms',
  };
  const set = (patch: Partial<typeof value>) => {
    fieldErrors.clear(...Object.keys(patch).map((key) => payloadNames[key as keyof typeof value]));
    update('shipping', { ...value, ...patch });
  };

  const next = async () => {
    if (!shippingReady(value)) return;
    if (!value.agreed) {
      toasts.complain(notices.shippingTermsNotAccepted);
      return;
    }
    setBusy(true);
    try {
      completeStep(
        await save('PUT', '/seller/shipping-options', {
          shippingMethod: value.method,
          returnsAndExchangePolicy: value.policy,
          ...(value.policy === 'custom' ? { returnWindowDays: value.returnWindowDays } : {}),
          agreedToTerms: true,
        }),
      );
      await navigate(paths.onboarding.createProfile);
    } catch (error) {
      showSubmitError(toasts, errorTitles.shipping, error);
      fieldErrors.show(error);
    } finally {
      setBusy(false);
    }
  };

  const policies: Array<{ value: ReturnsPolicy; title: string; text: string }> = [
    {
      value: 'kasuwa',
      title: `${PRODUCT_NAME} Returns Policy`,
      text: `Default: buyers can return items within ${DEFAULT_RETURN_WINDOW_DAYS} days for damaged items or discrepancies.`,
    },
    {
      value: 'custom',
      title: 'Custom Returns Policy',
      text: 'Accept returns for any reason within 7, 14 or 30 days.',
    },
  ];

  return (
    <StepFrame
      step="shipping-options-onboarding"
      problem={value.agreed ? null : notices.shippingTermsNotAccepted}
      title="Shipping Options"
      description="Choose how your orders reach buyers and which returns you accept."
      onNext={next}
      busy={busy}
      nextDisabled={!shippingReady(value)}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 font-semibold text-ink">Shipping method</legend>
        {METHODS.map((method) => (
          <OptionCard
            key={method.value}
            name="shippingMethod"
            checked={value.method === method.value}
            disabled={method.soon}
            onSelect={() => set({ method: method.value })}
            title={method.title}
            text={method.text}
            icon={method.icon}
            badge={method.soon ? 'Coming Soon' : undefined}
          />
        ))}
        <FieldError message={fieldErrors.errorFor('shippingMethod')} />
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 font-semibold text-ink">Returns and exchange policy</legend>
        {policies.map((policy) => (
          <OptionCard
            key={policy.value}
            name="returnsPolicy"
            checked={value.policy === policy.value}
            onSelect={() => set({ policy: policy.value })}
            title={policy.title}
            text={policy.text}
          />
        ))}
        <FieldError message={fieldErrors.errorFor('returnsAndExchangePolicy')} />
        {value.policy === 'custom' && (
          <SelectField
            label="Return window"
            value={String(value.returnWindowDays)}
            error={fieldErrors.errorFor('returnWindowDays')}
            onChange={(days) => set({ returnWindowDays: Number(days) as 7 | 14 | 30 })}
            options={RETURN_WINDOW_DAYS.map((d) => ({ value: String(d), label: `${d} days` }))}
          />
        )}
      </fieldset>
      <div className="flex flex-col gap-2">
        <Checkbox
          checked={value.agreed}
          onChange={(agreed) => set({ agreed })}
          error={fieldErrors.errorFor('agreedToTerms')}
        >
          I agree to the shipping and returns terms and conditions
        </Checkbox>
        <div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setTermsOpen(true)}
            className="text-brand-700 underline"
          >
            Read the terms and conditions
          </Button>
        </div>
      </div>
      <Dialog
        open={termsOpen}
        onOpenChange={setTermsOpen}
        title="Shipping and returns terms"
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                set({ agreed: false });
                setTermsOpen(false);
              }}
            >
              Decline
            </Button>
            <Button
              onClick={() => {
                set({ agreed: true });
                setTermsOpen(false);
              }}
            >
              Accept
            </Button>
          </>
        }
      >
        <ShippingTerms />
      </Dialog>
    </StepFrame>
  );
}
