import { findCityBySlug, findCountryBySlug, findStateBySlug } from '@kasuwa/reference-data';
import { describe, expect, it } from 'vitest';
import {
  emptyLocation,
  type LocationSelection,
  locationNames,
  locationReducer,
  placesAreListed,
} from '@/ui/location-selection';

const nigeria = findCountryBySlug('nigeria')!;
const ghana = findCountryBySlug('ghana')!;
const lagos = findStateBySlug('nigeria_lagos')!;
const oyo = findStateBySlug('nigeria_oyo')!;
const fct = findStateBySlug('nigeria_fct')!;
const ikeja = findCityBySlug('nigeria_lagos_ikeja')!;
const bwari = findCityBySlug('nigeria_fct_bwari')!;

const lagosIkeja: LocationSelection = { country: nigeria, state: lagos, city: ikeja };

describe('locationReducer', () => {
  it('clears the state and city when another country is chosen', () => {
    expect(locationReducer(lagosIkeja, { type: 'chooseCountry', country: ghana })).toEqual({
      country: ghana,
      state: null,
      city: null,
    });
  });

  it('clears the city when another state is chosen', () => {
    expect(locationReducer(lagosIkeja, { type: 'chooseState', state: oyo })).toEqual({
      country: nigeria,
      state: oyo,
      city: null,
    });
  });

  it('keeps everything when the chosen country or state is chosen again', () => {
    expect(locationReducer(lagosIkeja, { type: 'chooseCountry', country: nigeria })).toBe(lagosIkeja);
    expect(locationReducer(lagosIkeja, { type: 'chooseState', state: lagos })).toBe(lagosIkeja);
  });

  it('takes no state before a country, and no city before a state', () => {
    expect(locationReducer(emptyLocation, { type: 'chooseState', state: lagos })).toBe(emptyLocation);
    const countryOnly = { ...emptyLocation, country: nigeria };
    expect(locationReducer(countryOnly, { type: 'chooseCity', city: ikeja })).toBe(countryOnly);
    expect(locationReducer(countryOnly, { type: 'typeCity', text: 'Ikeja' })).toBe(countryOnly);
  });

  it('keeps a typed city while the typed state is edited, and drops it when the state is emptied', () => {
    let selection = locationReducer(emptyLocation, { type: 'chooseCountry', country: ghana });
    selection = locationReducer(selection, { type: 'typeState', text: 'Greater Acra' });
    selection = locationReducer(selection, { type: 'typeCity', text: 'Osu' });
    selection = locationReducer(selection, { type: 'typeState', text: 'Greater Accra' });
    expect(locationNames(selection)).toEqual({ country: 'Ghana', state: 'Greater Accra', city: 'Osu' });

    selection = locationReducer(selection, { type: 'typeState', text: '  ' });
    expect(selection.state).toBeNull();
    expect(selection.city).toBeNull();
  });
});

describe('placesAreListed', () => {
  it('lists states and cities for Nigeria only', () => {
    expect(placesAreListed(lagosIkeja)).toBe(true);
    expect(placesAreListed({ ...emptyLocation, country: ghana })).toBe(false);
    expect(placesAreListed(emptyLocation)).toBe(false);
  });
});

describe('locationNames', () => {
  it('sends names, not slugs, with the capital territory spelled Fct', () => {
    expect(locationNames(lagosIkeja)).toEqual({ country: 'Nigeria', state: 'Lagos', city: 'Ikeja' });
    expect(locationNames({ country: nigeria, state: fct, city: bwari })).toEqual({
      country: 'Nigeria',
      state: 'Fct',
      city: 'Bwari',
    });
  });

  it('trims typed names', () => {
    expect(
      locationNames({ country: ghana, state: { typed: ' Ashanti ' }, city: { typed: 'Kumasi  ' } }),
    ).toEqual({ country: 'Ghana', state: 'Ashanti', city: 'Kumasi' });
  });
});
