import { LocationPickersHarness } from '@/features/dev-harness/location-pickers-harness';

export function Component() {
  return <LocationPickersHarness />;
}
