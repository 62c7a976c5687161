import type { AddressDraft } from '@/features/onboarding/onboarding-draft';
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
