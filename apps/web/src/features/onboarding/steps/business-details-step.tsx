import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { StepFrame } from '@/features/onboarding/step-frame';
import { showSubmitError } from '@/features/onboarding/submit-error';
import { useStepSave } from '@/features/onboarding/use-step-save';
import { checkBusinessDetails, errorTitles } from '@/features/onboarding/validation';
import { useServerFieldErrors } from '@/lib/field-errors';
import { Input } from '@/ui/input';

export function BusinessDetailsStep() {
  const { draft, update, completeStep, toasts } = useOnboardingContext();
  const save = useStepSave();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const fieldErrors = useServerFieldErrors();
  const value = draft.business;
  /** The payload's name for each field (the tax field is taxInformation there). */
  const payloadNames = {
    businessName: 'businessName',
    businessType: 'businessType',
    businessTaxInfo: 'taxInformation',
  };
  const set = (key: keyof typeof value, text: string) => {
    fieldErrors.clear(payloadNames[key]);
    update('business', { ...value, [key]: text });
  };

  const next = async () => {
    const problem = checkBusinessDetails(value);
    if (problem) {
      toasts.complain(problem);
      return;
    }
    setBusy(true);
    try {
      const answer = await save('PUT', '/seller/business-details', {
        businessName: value.businessName.trim(),
        businessType: value.businessType.trim(),
        taxInformation: value.businessTaxInfo.trim(),
      });
      completeStep(answer);
      await navigate(paths.onboarding.businessInformation);
    } catch (error) {
      showSubmitError(toasts, errorTitles.businessDetails, error);
      fieldErrors.show(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepFrame
      step="business-onboarding"
      problem={checkBusinessDetails(value)}
      title="Business Details"
      description="Let us know details about your business, with just these few questions"
      onNext={next}
      busy={busy}
    >
      <Input
        label="Business Name"
        hint="Your registered business name"
        autoComplete="organization"
        value={value.businessName}
        error={fieldErrors.errorFor('businessName')}
        onChange={(e) => set('businessName', e.target.value)}
      />
      <Input
        label="Business Type"
        hint="e.g. LLC, Corporation"
        value={value.businessType}
        error={fieldErrors.errorFor('businessType')}
        onChange={(e) => set('businessType', e.target.value)}
      />
      <Input
        label="Business Tax Information"
        hint="Tax ID or VAT number, or your corporate registration number (RC) if in Nigeria"
        value={value.businessTaxInfo}
        error={fieldErrors.errorFor('taxInformation')}
        onChange={(e) => set('businessTaxInfo', e.target.value)}
      />
    </StepFrame>
  );
}
