import { describe, expect, it } from 'vitest';
import { findBySlug } from './index.ts';
import {
  citiesOfState,
  findCityBySlug,
  findStateBySlug,
  hasBundledStates,
  searchCities,
  searchStates,
  stateDisplayName,
} from './nigeria.ts';

/**
 * Local government areas per state as listed in the Constitution (First Schedule, Part I) and by
 * INEC, written out here rather than imported so that the data is checked against the official
 * list, not against itself.
 */
const OFFICIAL_LGA_COUNTS: Record<string, number> = {
  Abia: 17,
  Adamawa: 21,
  'Akwa Ibom': 31,
  Anambra: 21,
  Bauchi: 20,
  Bayelsa: 8,
  Benue: 23,
  Borno: 27,
  'Cross River': 18,
  Delta: 25,
  Ebonyi: 13,
  Edo: 18,
  Ekiti: 16,
  Enugu: 17,
  Gombe: 11,
  Imo: 27,
  Jigawa: 27,
  Kaduna: 23,
  Kano: 44,
  Katsina: 34,
  Kebbi: 21,
  Kogi: 21,
  Kwara: 16,
  Lagos: 20,
  Nasarawa: 13,
  Niger: 25,
  Ogun: 20,
  Ondo: 18,
  Osun: 30,
  Oyo: 33,
  Plateau: 17,
  Rivers: 23,
  Sokoto: 23,
  Taraba: 16,
  Yobe: 17,
  Zamfara: 14,
  Fct: 6,
};

const allStates = searchStates();
const names = (list: readonly { name: string }[]) => list.map((item) => item.name);

describe('the Nigerian states', () => {
  it('are the 36 states plus the Federal Capital Territory, spelled Fct', () => {
    expect(allStates).toHaveLength(37);
    expect(names(allStates).sort()).toEqual(Object.keys(OFFICIAL_LGA_COUNTS).sort());
    expect(findStateBySlug('nigeria_fct')).toEqual({
      name: 'Fct',
      displayName: 'Federal Capital Territory',
      slug: 'nigeria_fct',
      stateSlug: 'fct',
      country: 'nigeria',
    });
  });

  it('each have the slug nigeria_{state}, in country nigeria, and show their own name', () => {
    for (const state of allStates) {
      expect(state.slug).toBe(`nigeria_${state.stateSlug}`);
      expect(state.stateSlug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(state.country).toBe('nigeria');
      if (state.name !== 'Fct') expect(state.displayName).toBe(state.name);
    }
    expect(findStateBySlug('nigeria_akwa-ibom')?.name).toBe('Akwa Ibom');
  });
});

describe('the local government areas', () => {
  it('number 774, with each state’s count matching the official list', () => {
    expect(searchCities()).toHaveLength(774);
    for (const state of allStates) {
      expect(citiesOfState(state.slug), state.name).toHaveLength(OFFICIAL_LGA_COUNTS[state.name]!);
    }
    expect(citiesOfState('nigeria_kano')).toHaveLength(44);
    expect(citiesOfState('nigeria_lagos')).toHaveLength(20);
    expect(citiesOfState('nigeria_katsina')).toHaveLength(34);
  });

  it('each have the unique slug nigeria_{state}_{area} and point at their state', () => {
    const all = searchCities();
    for (const city of all) {
      const state = findStateBySlug(city.state);
      expect(state, city.slug).toBeDefined();
      expect(city.slug).toBe(`${city.state}_${city.citySlug}`);
      expect(city.slug).toMatch(/^nigeria_[a-z0-9-]+_[a-z0-9-]+$/);
      expect(city.country).toBe('nigeria');
    }
    expect(new Set(all.map((city) => city.slug)).size).toBe(774);
    expect(findCityBySlug('nigeria_lagos_ikeja')).toEqual({
      name: 'Ikeja',
      slug: 'nigeria_lagos_ikeja',
      citySlug: 'ikeja',
      state: 'nigeria_lagos',
      country: 'nigeria',
    });
  });

  it('use INEC’s spelling where the source package had slips', () => {
    const areas = new Set(names(searchCities()));
    for (const corrected of ['Fufore', 'Ganjuwa', 'Ekeremor', 'Sagbama', 'Onuimo', 'Sandamu', 'Sagamu']) {
      expect(areas.has(corrected), corrected).toBe(true);
    }
    expect([...areas].filter((name) => /Ganju\/|Sagba\/|Shaga\/|Goron\//.test(name))).toEqual([]);
    expect(findStateBySlug('nigeria_katsina')?.name).toBe('Katsina');
  });
});

describe('searchStates', () => {
  it('filters by country in any case, then by a substring of the name in any case', () => {
    expect(names(searchStates('Nigeria', 'LA'))).toEqual(['Lagos', 'Plateau']);
    expect(names(searchStates('NIGERIA', 'ondo'))).toEqual(['Ondo']);
    expect(searchStates('nigeria')).toHaveLength(37);
  });

  it('returns every state when no country is given', () => {
    expect(searchStates()).toHaveLength(37);
    expect(names(searchStates(undefined, 'river'))).toEqual(['Cross River', 'Rivers']);
  });

  it('returns nothing for a country without bundled states', () => {
    expect(searchStates('Ghana')).toEqual([]);
    expect(hasBundledStates('Ghana')).toBe(false);
    expect(hasBundledStates('Nigeria')).toBe(true);
  });

  it('finds the capital territory by its full name too', () => {
    expect(names(searchStates('nigeria', 'capital'))).toEqual(['Fct']);
    expect(names(searchStates('nigeria', 'fct'))).toEqual(['Fct']);
  });
});

describe('citiesOfState', () => {
  it('lists a state’s areas, optionally filtered by a substring of the name in any case', () => {
    expect(names(citiesOfState('nigeria_lagos', 'IK'))).toEqual(['Ikeja', 'Ikorodu']);
    expect(names(citiesOfState('nigeria_fct'))).toEqual([
      'Abaji',
      'Abuja Municipal Area Council',
      'Bwari',
      'Gwagwalada',
      'Kuje',
      'Kwali',
    ]);
  });

  it('returns nothing for an unknown state', () => {
    expect(citiesOfState('nigeria_atlantis')).toEqual([]);
  });
});

describe('searchCities', () => {
  it('searches every state, telling same-named areas apart by slug', () => {
    expect(searchCities('surulere').map((city) => city.slug)).toEqual([
      'nigeria_lagos_surulere',
      'nigeria_oyo_surulere',
    ]);
  });
});

describe('findBySlug', () => {
  it('finds a country, a state or a local government area', () => {
    expect(findBySlug('nigeria')?.name).toBe('Nigeria');
    expect(findBySlug('nigeria_lagos')?.name).toBe('Lagos');
    expect(findBySlug('nigeria_lagos_ikeja')?.name).toBe('Ikeja');
    expect(findBySlug('nigeria_lagos_atlantis')).toBeUndefined();
  });

  it('shows a stored state name as people read it: the capital in full, others as they are', () => {
    expect(stateDisplayName('Fct')).toBe('Federal Capital Territory');
    expect(stateDisplayName('Lagos')).toBe('Lagos');
    expect(stateDisplayName('Somewhere else')).toBe('Somewhere else');
  });
});
