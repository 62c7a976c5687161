import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { addressFieldErrors, streetAddressPayload } from '@/features/onboarding/address-payload';
import { AddressFields } from '@/features/onboarding/fields';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { StepFrame } from '@/features/onboarding/step-frame';
import { showSubmitError } from '@/features/onboarding/submit-error';
import { useStepSave } from '@/features/onboarding/use-step-save';
import { checkIndividual, errorTitles } from '@/features/onboarding/validation';
import { useServerFieldErrors } from '@/lib/field-errors';
import { Input } from '@/ui/input';

export function IndividualInformationStep() {
  const { draft, update, completeStep, toasts } = useOnboardingContext();
  const save = useStepSave();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const fieldErrors = useServerFieldErrors();
  const sellerAddress = addressFieldErrors(fieldErrors, 'sellerAddress', 'street');
  const value = draft.individual;
  const set = (patch: Partial<typeof value>) => update('individual', { ...value, ...patch });

  const next = async () => {
    const problem = checkIndividual(value);
    if (problem) {
      toasts.complain(problem);
      return;
    }
    setBusy(true);
    try {
      completeStep(
        await save('PUT', '/seller/individual-information', {
          firstName: value.firstName.trim(),
          lastName: value.lastName.trim(),
          sellerAddress: streetAddressPayload(value.address),
        }),
      );
      await navigate(paths.onboarding.individualVerification);
    } catch (error) {
      showSubmitError(toasts, errorTitles.individual, error);
      fieldErrors.show(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepFrame
      step="individual-onboarding"
      problem={checkIndividual(value)}
      title="Individual Seller Information"
      description="Your name and the address orders are picked up from."
      onNext={next}
      busy={busy}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Input
          label="First Name"
          autoComplete="given-name"
          value={value.firstName}
          error={fieldErrors.errorFor('firstName')}
          onChange={(e) => {
            fieldErrors.clear('firstName');
            set({ firstName: e.target.value });
          }}
        />
        <Input
          label="Last Name"
          autoComplete="family-name"
          value={value.lastName}
          error={fieldErrors.errorFor('lastName')}
          onChange={(e) => {
            fieldErrors.clear('lastName');
            set({ lastName: e.target.value });
          }}
        />
      </div>
      <AddressFields
        idPrefix="seller"
        value={value.address}
        errors={sellerAddress.errors}
        onChange={(address) => {
          sellerAddress.edited(value.address, address);
          set({ address });
        }}
      />
    </StepFrame>
  );
}
