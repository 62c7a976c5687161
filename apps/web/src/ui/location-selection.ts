import { type City, type Country, hasBundledStates, type State } from '@kasuwa/reference-data';

/** A state or city the seller typed, for countries whose states and cities are not bundled. */
export interface TypedPlace {
  readonly typed: string;
}

export interface LocationSelection {
  readonly country: Country | null;
  readonly state: State | TypedPlace | null;
  readonly city: City | TypedPlace | null;
}

export const emptyLocation: LocationSelection = { country: null, state: null, city: null };

export type LocationAction =
  | { type: 'chooseCountry'; country: Country | null }
  | { type: 'chooseState'; state: State | null }
  | { type: 'typeState'; text: string }
  | { type: 'chooseCity'; city: City | null }
  | { type: 'typeCity'; text: string };

const slugOf = (place: State | City | TypedPlace | null) => (place && 'slug' in place ? place.slug : null);
const typed = (text: string): TypedPlace | null => (text.trim() === '' ? null : { typed: text });

/**
 * The rules of SPEC §2 "Location pickers": choosing a country clears the state and city, choosing
 * a state clears the city. Choosing what is already chosen changes nothing. A typed state keeps its
 * city while it is edited (fixing a typo must not wipe the city), and clears it when emptied.
 */
export function locationReducer(current: LocationSelection, action: LocationAction): LocationSelection {
  switch (action.type) {
    case 'chooseCountry':
      if ((action.country?.slug ?? null) === (current.country?.slug ?? null)) return current;
      return { country: action.country, state: null, city: null };
    case 'chooseState':
      if (!current.country || (action.state?.slug ?? null) === slugOf(current.state)) return current;
      return { ...current, state: action.state, city: null };
    case 'typeState': {
      if (!current.country) return current;
      const state = typed(action.text);
      return { ...current, state, city: state ? current.city : null };
    }
    case 'chooseCity':
      if (!current.state) return current;
      return { ...current, city: action.city };
    case 'typeCity':
      if (!current.state) return current;
      return { ...current, city: typed(action.text) };
  }
}

/** Whether the state and city are picked from bundled lists (Nigeria) or typed. */
export function placesAreListed(selection: LocationSelection): boolean {
  return selection.country !== null && hasBundledStates(selection.country.slug);
}

/** What a free-text field shows: exactly what was typed, spaces and all, while the seller types. */
export function typedText(place: State | City | TypedPlace | null): string {
  return place && 'typed' in place ? place.typed : '';
}

/** The text of a place: a bundled state's or city's name as the API takes it, or what was typed. */
export function placeName(place: State | City | TypedPlace | null): string {
  if (!place) return '';
  return 'typed' in place ? place.typed.trim() : place.name;
}

/** The address parts as SPEC §3 sends them: names, not slugs. */
export function locationNames(selection: LocationSelection): {
  country: string;
  state: string;
  city: string;
} {
  return {
    country: selection.country?.name ?? '',
    state: placeName(selection.state),
    city: placeName(selection.city),
  };
}
