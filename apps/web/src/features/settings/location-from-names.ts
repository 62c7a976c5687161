import { citiesOfState, listCountries, searchStates } from '@kasuwa/reference-data';
import { emptyLocation, type LocationSelection } from '@/ui/location-selection';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The pickers' selection for an address the server holds as names (SPEC section 3): Nigerian
 * states and areas are found in the bundled lists; anything else is shown as typed text.
 */
export function locationFromNames(names: {
  country: string;
  state: string;
  city: string;
}): LocationSelection {
  const country = listCountries().find((c) => same(c.name, names.country)) ?? null;
  if (!country) return emptyLocation;
  const states = searchStates(country.slug);
  if (states.length === 0) {
    return {
      country,
      state: names.state ? { typed: names.state } : null,
      city: names.city ? { typed: names.city } : null,
    };
  }
  const state = states.find((s) => same(s.name, names.state) || same(s.displayName, names.state)) ?? null;
  if (!state) return { country, state: null, city: null };
  const city = citiesOfState(state.slug).find((c) => same(c.name, names.city)) ?? null;
  return { country, state, city };
}
