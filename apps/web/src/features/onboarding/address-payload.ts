import type { AddressErrors } from '@/features/onboarding/fields';
import type { AddressDraft } from '@/features/onboarding/onboarding-draft';
import type { ServerFieldErrors } from '@/lib/field-errors';
import { locationNames } from '@/ui/location-selection';

/** SPEC section 3: country, state, city as names, street lines and zip code; line 2 only if given. */
export function streetAddressPayload(address: AddressDraft) {
  const street2 = address.street2.trim();
  return {
    ...locationNames(address.location),
    streetAddress1: address.street1.trim(),
    ...(street2 ? { streetAddress2: street2 } : {}),
    zipCode: address.zipCode.trim(),
  };
}

/** The warehouse address uses addressLine1/addressLine2 (SPEC section 3 "Warehouse payload"). */
export function warehouseAddressPayload(address: AddressDraft) {
  const { streetAddress1, streetAddress2, ...rest } = streetAddressPayload(address);
  return {
    ...rest,
    addressLine1: streetAddress1,
    ...(streetAddress2 ? { addressLine2: streetAddress2 } : {}),
  };
}

type AddressPart = keyof AddressErrors;
/** How each payload names the parts of the address form (SPEC section 3). */
const PAYLOAD_NAMES: Record<'street' | 'warehouse', Record<AddressPart, string>> = {
  street: {
    country: 'country',
    state: 'state',
    city: 'city',
    street1: 'streetAddress1',
    street2: 'streetAddress2',
    zipCode: 'zipCode',
  },
  warehouse: {
    country: 'country',
    state: 'state',
    city: 'city',
    street1: 'addressLine1',
    street2: 'addressLine2',
    zipCode: 'zipCode',
  },
};
const PARTS = Object.keys(PAYLOAD_NAMES.street) as AddressPart[];

const partValue = (address: AddressDraft, part: AddressPart): unknown =>
  part === 'country' || part === 'state' || part === 'city' ? address.location[part] : address[part];

/**
 * The server's messages for an address sent at `path` (e.g. 'businessAddress'), for the address
 * form, and a change handler that forgets the message of each part the seller edits.
 */
export function addressFieldErrors(
  fieldErrors: ServerFieldErrors,
  path: string,
  payload: 'street' | 'warehouse',
): { errors: AddressErrors; edited: (before: AddressDraft, after: AddressDraft) => void } {
  const names = PAYLOAD_NAMES[payload];
  const errors: AddressErrors = {};
  for (const part of PARTS) errors[part] = fieldErrors.errorFor(`${path}.${names[part]}`);
  return {
    errors,
    edited: (before, after) => {
      const changed = PARTS.filter((part) => partValue(before, part) !== partValue(after, part));
      if (changed.length) fieldErrors.clear(...changed.map((part) => `${path}.${names[part]}`));
    },
  };
}
