import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { findCountryByIso2, findCountryBySlug, listCountries, searchCountries } from './countries.ts';

const countries = listCountries();
const names = (list: readonly { name: string }[]) => list.map((c) => c.name);
const byName = (name: string) => countries.find((c) => c.name === name);

/** Every country calling code in Google's libphonenumber metadata, e.g. "234". */
const callingCodes = new Set(getCountries().map((iso2) => getCountryCallingCode(iso2)));
const phoneCountries = new Set<string>(getCountries());

describe('the country table', () => {
  it('holds every officially assigned ISO 3166-1 country, about 250, sorted by name', () => {
    expect(countries).toHaveLength(249);
    const sorted = [...names(countries)].sort((a, b) => a.localeCompare(b, 'en'));
    expect(names(countries)).toEqual(sorted);
  });

  it('gives every country a unique two- and three-letter ISO code', () => {
    for (const c of countries) {
      expect(c.iso2, c.name).toMatch(/^[A-Z]{2}$/);
      expect(c.iso, c.name).toMatch(/^[A-Z]{3}$/);
    }
    expect(new Set(countries.map((c) => c.iso2)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.iso)).size).toBe(countries.length);
  });

  it('gives every country a unique lowercase hyphenated slug', () => {
    for (const c of countries) expect(c.slug, c.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(countries.map((c) => c.slug)).size).toBe(countries.length);
    expect(byName('United Kingdom')?.slug).toBe('united-kingdom');
  });

  it('gives every country a real calling code, the one libphonenumber dials wherever it knows the country', () => {
    for (const c of countries) {
      expect(c.prefix, c.name).toMatch(/^\+[1-9]\d{0,2}$/);
      expect(callingCodes.has(c.prefix.slice(1)), `${c.name} ${c.prefix}`).toBe(true);
      if (phoneCountries.has(c.iso2)) {
        expect(c.prefix, c.name).toBe(
          `+${getCountryCallingCode(c.iso2 as Parameters<typeof getCountryCallingCode>[0])}`,
        );
      }
    }
  });

  it('gives every country a three-letter currency, except Antarctica which has none', () => {
    for (const c of countries) {
      if (c.iso2 === 'AQ') expect(c.currency).toBeNull();
      else expect(c.currency, c.name).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('places every country in a region and sub-region, at a point on the globe', () => {
    for (const c of countries) {
      expect(c.region, c.name).not.toBe('');
      expect(c.subregion, c.name).not.toBe('');
      const [lat, lng] = c.latlng;
      expect(Math.abs(lat), c.name).toBeLessThanOrEqual(90);
      expect(Math.abs(lng), c.name).toBeLessThanOrEqual(180);
    }
  });

  it('describes Nigeria fully', () => {
    const nigeria = findCountryBySlug('nigeria');
    expect(nigeria).toMatchObject({
      name: 'Nigeria',
      iso: 'NGA',
      iso2: 'NG',
      prefix: '+234',
      currency: 'NGN',
      region: 'Africa',
      subregion: 'Western Africa',
    });
    const [lat, lng] = nigeria!.latlng;
    expect(lat).toBeGreaterThan(4);
    expect(lat).toBeLessThan(14);
    expect(lng).toBeGreaterThan(2.6);
    expect(lng).toBeLessThan(14.7);
  });
});

describe('the defects in the spec’s country data are corrected', () => {
  it('gives Serbia RS and Montenegro ME, not both CS', () => {
    expect(byName('Serbia')).toMatchObject({ iso2: 'RS', iso: 'SRB' });
    expect(byName('Montenegro')).toMatchObject({ iso2: 'ME', iso: 'MNE' });
    expect(countries.some((c) => c.iso2 === 'CS')).toBe(false);
  });

  it('dials Russia with +7, not +70', () => {
    expect(byName('Russia')?.prefix).toBe('+7');
  });

  it('dials the Pitcairn Islands with +64, not +0', () => {
    expect(byName('Pitcairn Islands')?.prefix).toBe('+64');
  });
});

describe('searchCountries', () => {
  it('matches a substring of the name in any case', () => {
    expect(names(searchCountries('NIGER'))).toEqual(['Niger', 'Nigeria']);
    expect(names(searchCountries('geri'))).toEqual(['Algeria', 'Nigeria']);
  });

  it('returns every country for an empty or blank query', () => {
    expect(searchCountries()).toHaveLength(249);
    expect(searchCountries('')).toHaveLength(249);
    expect(searchCountries('   ')).toHaveLength(249);
  });

  it('ignores accents, so a seller without them on the keyboard still finds the country', () => {
    expect(names(searchCountries('turkiye'))).toEqual(['Türkiye']);
  });

  it('returns nothing when no name matches', () => {
    expect(searchCountries('atlantis')).toEqual([]);
  });

  it('returns a list the caller may change without changing the table', () => {
    searchCountries('').length = 0;
    expect(listCountries()).toHaveLength(249);
  });
});

describe('finding a country', () => {
  it('finds it by slug, or by ISO alpha-2 code in either case', () => {
    expect(findCountryBySlug('ghana')?.iso2).toBe('GH');
    expect(findCountryByIso2('gh')?.name).toBe('Ghana');
    expect(findCountryBySlug('Ghana')).toBeUndefined();
    expect(findCountryByIso2('CS')).toBeUndefined();
  });
});
