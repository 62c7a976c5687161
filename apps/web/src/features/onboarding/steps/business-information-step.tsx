import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import {
  addressFieldErrors,
  streetAddressPayload,
  warehouseAddressPayload,
} from '@/features/onboarding/address-payload';
import { AddressFields, Checkbox } from '@/features/onboarding/fields';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { StepFrame } from '@/features/onboarding/step-frame';
import { showSubmitError } from '@/features/onboarding/submit-error';
import { useStepSave } from '@/features/onboarding/use-step-save';
import { checkBusinessInformation, errorTitles } from '@/features/onboarding/validation';
import { useServerFieldErrors } from '@/lib/field-errors';
import { toE164 } from '@/lib/phone';
import { Input } from '@/ui/input';
import { PhoneInput } from '@/ui/phone-input';

export function BusinessInformationStep() {
  const { draft, update, completeStep, toasts } = useOnboardingContext();
  const save = useStepSave();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const fieldErrors = useServerFieldErrors();
  const businessAddress = addressFieldErrors(fieldErrors, 'businessAddress', 'street');
  const warehouseAddress = addressFieldErrors(fieldErrors, 'warehouseDetails.address', 'warehouse');
  const value = draft.businessInfo;
  const set = (patch: Partial<typeof value>) => update('businessInfo', { ...value, ...patch });
  const warehouse = value.warehouse;
  const setWarehouse = (patch: Partial<typeof warehouse>) => set({ warehouse: { ...warehouse, ...patch } });

  const next = async () => {
    const problem = checkBusinessInformation(value);
    if (problem) {
      toasts.complain(problem);
      return;
    }
    setBusy(true);
    try {
      try {
        completeStep(
          await save('PUT', '/seller/business-information', {
            businessEmail: value.email.trim(),
            businessNumber: toE164(value.phone) ?? '',
            businessAddress: streetAddressPayload(value.address),
          }),
        );
      } catch (error) {
        showSubmitError(toasts, errorTitles.businessInformation, error);
        fieldErrors.show(error);
        return;
      }
      if (value.fillWarehouse) {
        try {
          completeStep(
            await save('PUT', '/seller/shipping-warehouse', {
              warehouseDetails: {
                name: warehouse.name.trim(),
                contactNumber: toE164(warehouse.contactNumber) ?? '',
                address: warehouseAddressPayload(warehouse.address),
              },
            }),
          );
        } catch (error) {
          showSubmitError(toasts, errorTitles.warehouse, error);
          fieldErrors.show(error);
          return;
        }
      }
      await navigate(paths.onboarding.businessVerification);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepFrame
      step="business-information-onboarding"
      problem={checkBusinessInformation(value)}
      title="Business Information"
      description="How customers and our team reach your business, and where orders are picked up."
      onNext={next}
      busy={busy}
    >
      <Input
        label="Business Email"
        type="email"
        autoComplete="email"
        value={value.email}
        error={fieldErrors.errorFor('businessEmail')}
        onChange={(e) => {
          fieldErrors.clear('businessEmail');
          set({ email: e.target.value });
        }}
      />
      <PhoneInput
        label="Business Phone"
        value={value.phone}
        error={fieldErrors.errorFor('businessNumber')}
        onChange={(phone) => {
          fieldErrors.clear('businessNumber');
          set({ phone });
        }}
      />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 font-semibold text-ink">Business Address</legend>
        <AddressFields
          idPrefix="business"
          value={value.address}
          errors={businessAddress.errors}
          onChange={(address) => {
            businessAddress.edited(value.address, address);
            set({ address });
          }}
        />
      </fieldset>
      <Checkbox checked={value.fillWarehouse} onChange={(fillWarehouse) => set({ fillWarehouse })}>
        Fill Warehouse Details
      </Checkbox>
      {value.fillWarehouse && (
        <fieldset className="flex flex-col gap-4 rounded-card border border-line p-4">
          <legend className="px-1 font-semibold text-ink">Warehouse Details</legend>
          <Input
            label="Warehouse Name"
            value={warehouse.name}
            error={fieldErrors.errorFor('warehouseDetails.name')}
            onChange={(e) => {
              fieldErrors.clear('warehouseDetails.name');
              setWarehouse({ name: e.target.value });
            }}
          />
          <PhoneInput
            id="warehouse-contact"
            label="Warehouse Contact Number"
            value={warehouse.contactNumber}
            error={fieldErrors.errorFor('warehouseDetails.contactNumber')}
            onChange={(contactNumber) => {
              fieldErrors.clear('warehouseDetails.contactNumber');
              setWarehouse({ contactNumber });
            }}
          />
          <AddressFields
            idPrefix="warehouse"
            value={warehouse.address}
            errors={warehouseAddress.errors}
            onChange={(address) => {
              warehouseAddress.edited(warehouse.address, address);
              setWarehouse({ address });
            }}
            line1Label="Warehouse Address Line 1"
            line2Label="Warehouse Address Line 2 (optional)"
          />
        </fieldset>
      )}
    </StepFrame>
  );
}
