import { nigerianStateRows } from './data/nigeria.ts';
import { NameIndex, searchForm, slugPart } from './text.ts';

/** The only country whose states and local areas are bundled. */
export const NIGERIA_SLUG = 'nigeria';

export interface State {
  /** As the spec and the API spell it: the capital territory is "Fct". */
  readonly name: string;
  /** What a seller reads: "Federal Capital Territory" for Fct, otherwise the name. */
  readonly displayName: string;
  /** `nigeria_{state}`, e.g. "nigeria_akwa-ibom". */
  readonly slug: string;
  /** The state's own part of the slug, e.g. "akwa-ibom". */
  readonly stateSlug: string;
  readonly country: string;
}

/** A local government area. */
export interface City {
  readonly name: string;
  /** `nigeria_{state}_{area}`, e.g. "nigeria_lagos_ikeja". */
  readonly slug: string;
  /** The area's own part of the slug, e.g. "ikeja". */
  readonly citySlug: string;
  /** The slug of its state, e.g. "nigeria_lagos". */
  readonly state: string;
  readonly country: string;
}

const DISPLAY_NAMES: Readonly<Record<string, string>> = { Fct: 'Federal Capital Territory' };

/**
 * A Nigerian state as people read it. Orders, addresses and customers store the state's name, which
 * for the capital is "Fct"; screens, exports and packing slips show its display name, "Federal
 * Capital Territory". Any other text is answered as it is.
 */
export const stateDisplayName = (name: string): string => DISPLAY_NAMES[name] ?? name;

const states: State[] = [];
const cities: City[] = [];
const citiesByState = new Map<string, City[]>();

for (const [name, areas] of nigerianStateRows) {
  const stateSlug = slugPart(name);
  const state: State = {
    name,
    displayName: DISPLAY_NAMES[name] ?? name,
    slug: `${NIGERIA_SLUG}_${stateSlug}`,
    stateSlug,
    country: NIGERIA_SLUG,
  };
  states.push(state);
  const ofState = areas.map((area): City => {
    const citySlug = slugPart(area);
    return {
      name: area,
      slug: `${state.slug}_${citySlug}`,
      citySlug,
      state: state.slug,
      country: NIGERIA_SLUG,
    };
  });
  citiesByState.set(state.slug, ofState);
  cities.push(...ofState);
}

// The display name is searched too, so "capital" finds Fct.
const stateIndex = new NameIndex(states, (state) => `${state.name} ${state.displayName}`);
const cityIndex = new NameIndex(cities, (city) => city.name);
const cityIndexByState = new Map(
  [...citiesByState].map(([slug, ofState]) => [slug, new NameIndex(ofState, (city) => city.name)]),
);
const stateBySlug = new Map(states.map((state) => [state.slug, state]));
const cityBySlug = new Map(cities.map((city) => [city.slug, city]));

/** Whether states and cities are bundled for the country (a slug or name, any case). */
export function hasBundledStates(country: string): boolean {
  return searchForm(country) === NIGERIA_SLUG;
}

/**
 * States of `country` (compared case-insensitively with each state's country) whose name contains
 * `query`; with no country, every state.
 */
export function searchStates(country?: string, query = ''): State[] {
  if (country === undefined) return stateIndex.search(query);
  const wanted = searchForm(country);
  return stateIndex.search(query, (state) => state.country === wanted);
}

/** The local government areas of a state (by slug), optionally only those whose name contains `query`. */
export function citiesOfState(stateSlug: string, query = ''): City[] {
  return cityIndexByState.get(stateSlug)?.search(query) ?? [];
}

/** Local government areas in every state whose name contains `query`; an empty query returns all 774. */
export function searchCities(query = ''): City[] {
  return cityIndex.search(query);
}

export function findStateBySlug(slug: string): State | undefined {
  return stateBySlug.get(slug);
}

export function findCityBySlug(slug: string): City | undefined {
  return cityBySlug.get(slug);
}
