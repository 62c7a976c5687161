import { useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useDocumentTitle } from '@/lib/document-title';
import { emptyPhone, type PhoneValue, phoneProblem, toE164 } from '@/lib/phone';
import { BrandMark } from '@/ui/brand-mark';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { LocationFields } from '@/ui/location-pickers';
import { emptyLocation, type LocationSelection, locationNames } from '@/ui/location-selection';
import { PhoneInput } from '@/ui/phone-input';

interface HarnessValues {
  location: LocationSelection;
  street: string;
  phone: PhoneValue;
}

/** What the form would send: names, not slugs (SPEC §3), and the phone in E.164. */
interface Payload {
  sellerAddress: { country: string; state: string; city: string; streetAddress1: string };
  phoneNumber: string;
}

/**
 * The rules of SPEC §5 for these fields, written as a plain resolver: the harness has no API
 * contract to validate against, and zod would triple the size of this page's download.
 */
const resolver: Resolver<HarnessValues> = async (values) => {
  const errors: FieldErrors<HarnessValues> = {};
  const problem = (message: string) => ({ type: 'required', message });
  const names = locationNames(values.location);
  const location: Record<string, ReturnType<typeof problem>> = {};
  if (!names.country) location.country = problem('Choose a country.');
  if (!names.state) location.state = problem('Choose or enter a state.');
  if (!names.city) location.city = problem('Choose or enter a city.');
  if (Object.keys(location).length) errors.location = location;
  if (!values.street.trim()) errors.street = problem('Enter your street address.');
  const phone = phoneProblem(values.phone);
  if (phone) errors.phone = { type: 'validate', message: phone };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

function toPayload(values: HarnessValues): Payload {
  return {
    sellerAddress: { ...locationNames(values.location), streetAddress1: values.street.trim() },
    phoneNumber: toE164(values.phone) ?? '',
  };
}

/**
 * A real form around the location pickers and the phone input, for development and the e2e tests
 * until the onboarding steps that use them arrive. Submit shows what would be sent.
 */
export function LocationPickersHarness() {
  useDocumentTitle('Location pickers');
  const [sent, setSent] = useState<Payload | null>(null);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<HarnessValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { location: emptyLocation, street: '', phone: emptyPhone },
  });

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-line border-b bg-surface">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center px-4">
          <BrandMark />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <section className="rounded-card bg-surface p-6 shadow-card sm:p-8">
          <p className="font-semibold text-brand-700 text-sm uppercase tracking-wide">Development</p>
          <h1 className="mt-2 font-bold text-2xl text-ink">Location pickers</h1>
          <p className="mt-2 text-ink-muted">
            The address and phone fields of the onboarding forms. Submit shows what would be sent.
          </p>
          <form
            noValidate
            className="mt-6 flex flex-col gap-5"
            onSubmit={handleSubmit((values) => setSent(toPayload(values)))}
          >
            <Controller
              control={control}
              name="location"
              render={({ field }) => (
                <LocationFields
                  value={field.value}
                  onChange={(next) => {
                    setSent(null);
                    field.onChange(next);
                  }}
                  onBlur={field.onBlur}
                  errors={{
                    country: errors.location?.country?.message,
                    state: errors.location?.state?.message,
                    city: errors.location?.city?.message,
                  }}
                />
              )}
            />
            <Input
              label="Street Address"
              autoComplete="address-line1"
              error={errors.street?.message}
              {...register('street')}
            />
            <Controller
              control={control}
              name="phone"
              render={({ field }) => (
                <PhoneInput
                  label="Phone Number"
                  value={field.value}
                  onChange={(next) => {
                    setSent(null);
                    field.onChange(next);
                  }}
                  onBlur={field.onBlur}
                  error={errors.phone?.message}
                />
              )}
            />
            <div>
              <Button type="submit">Submit</Button>
            </div>
          </form>
        </section>
        {sent && (
          <section
            aria-labelledby="sent-heading"
            className="mt-6 rounded-card bg-surface p-6 shadow-card sm:p-8"
          >
            <h2 id="sent-heading" className="font-semibold text-ink text-lg">
              Would send
            </h2>
            <pre
              data-testid="payload"
              className="mt-3 overflow-x-auto rounded-control bg-canvas p-4 text-ink text-sm"
            >
              {JSON.stringify(sent, null, 2)}
            </pre>
          </section>
        )}
      </main>
    </div>
  );
}
