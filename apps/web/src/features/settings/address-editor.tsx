import type { FormAddress } from '@kasuwa/contracts';
import { locationFromNames } from '@/features/settings/location-from-names';
import { Input } from '@/ui/input';
import { LocationFields } from '@/ui/location-pickers';
import { emptyLocation, type LocationSelection, locationNames } from '@/ui/location-selection';

export interface AddressValue {
  location: LocationSelection;
  street1: string;
  street2: string;
  zipCode: string;
}

export const emptyAddressValue: AddressValue = {
  location: emptyLocation,
  street1: '',
  street2: '',
  zipCode: '',
};

export function addressValueOf(stored: FormAddress | null): AddressValue {
  if (!stored) return emptyAddressValue;
  return {
    location: locationFromNames(stored),
    street1: stored.streetAddress1,
    street2: stored.streetAddress2,
    zipCode: stored.zipCode,
  };
}

/** SPEC section 3: names, not slugs; line 2 only when given. */
export function addressPayload(value: AddressValue) {
  const street2 = value.street2.trim();
  return {
    ...locationNames(value.location),
    streetAddress1: value.street1.trim(),
    ...(street2 ? { streetAddress2: street2 } : {}),
    zipCode: value.zipCode.trim(),
  };
}

/** What is missing, in the order the fields appear, or null when the address is complete. */
export function addressProblem(value: AddressValue): string | null {
  const names = locationNames(value.location);
  if (!names.country) return 'Choose a country';
  if (!names.state) return 'Choose a state';
  if (!names.city) return 'Choose a city or local government area';
  if (!value.street1.trim()) return 'Enter the street address';
  if (!value.zipCode.trim()) return 'Enter the zip code';
  return null;
}

/** Country, state and LGA pickers (Nigeria from the bundled lists), street lines and zip code. */
export function AddressEditor({
  idPrefix,
  value,
  onChange,
  line1Label = 'Street address',
}: {
  idPrefix: string;
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  line1Label?: string;
}) {
  return (
    <div className="flex flex-col gap-4">
      <LocationFields
        idPrefix={idPrefix}
        value={value.location}
        onChange={(location) => onChange({ ...value, location })}
      />
      <Input
        label={line1Label}
        name={`${idPrefix}.street1`}
        autoComplete="address-line1"
        value={value.street1}
        onChange={(e) => onChange({ ...value, street1: e.target.value })}
      />
      <Input
        label="Street address line 2 (optional)"
        name={`${idPrefix}.street2`}
        autoComplete="address-line2"
        value={value.street2}
        onChange={(e) => onChange({ ...value, street2: e.target.value })}
      />
      <Input
        label="Zip code"
        name={`${idPrefix}.zipCode`}
        autoComplete="postal-code"
        inputMode="numeric"
        value={value.zipCode}
        onChange={(e) => onChange({ ...value, zipCode: e.target.value })}
      />
    </div>
  );
}
