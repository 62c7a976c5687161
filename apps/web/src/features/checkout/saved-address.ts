import { type DeliveryAddress, deliveryAddressSchema } from '@kasuwa/contracts';
import { readStored, writeStored } from '@/lib/storage';

/** The last delivery address used on this device, offered at the next checkout. */
export const SAVED_ADDRESS_KEY = 'buyerAddress';

const isAddress = (value: unknown): value is DeliveryAddress =>
  deliveryAddressSchema.safeParse(value).success;

export const readSavedAddress = (): DeliveryAddress | null => readStored(SAVED_ADDRESS_KEY, isAddress);
export const saveAddress = (address: DeliveryAddress) => writeStored(SAVED_ADDRESS_KEY, address);
