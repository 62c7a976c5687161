import { countryRows } from './data/countries.ts';
import { NameIndex, slugPart } from './text.ts';

export interface Country {
  readonly name: string;
  /** Lowercase and hyphenated, e.g. "united-kingdom". */
  readonly slug: string;
  /** ISO 3166-1 alpha-3, e.g. "NGA". */
  readonly iso: string;
  /** ISO 3166-1 alpha-2, e.g. "NG". */
  readonly iso2: string;
  /** International dialling prefix, e.g. "+234". */
  readonly prefix: string;
  /** ISO 4217 code of the main currency; null only for Antarctica, which has none of its own. */
  readonly currency: string | null;
  /** UN M49 region, e.g. "Africa". */
  readonly region: string;
  /** UN M49 sub-region (intermediate region in Africa and Latin America), e.g. "Western Africa". */
  readonly subregion: string;
  /** An approximate centre, [latitude, longitude], for centring a map. */
  readonly latlng: readonly [number, number];
}

const countries: readonly Country[] = countryRows.map(
  ([name, iso, iso2, prefix, currency, region, subregion, lat, lng]) => ({
    name,
    slug: slugPart(name),
    iso,
    iso2,
    prefix,
    currency,
    region,
    subregion,
    latlng: [lat, lng],
  }),
);
const index = new NameIndex(countries, (country) => country.name);
const bySlug = new Map(countries.map((country) => [country.slug, country]));
const byIso2 = new Map(countries.map((country) => [country.iso2, country]));

/** Every country, sorted by name. */
export function listCountries(): readonly Country[] {
  return countries;
}

/** Countries whose name contains `query`, ignoring case (and accents); an empty query returns all. */
export function searchCountries(query = ''): Country[] {
  return index.search(query);
}

export function findCountryBySlug(slug: string): Country | undefined {
  return bySlug.get(slug);
}

/** By ISO 3166-1 alpha-2 code, in either case. */
export function findCountryByIso2(iso2: string): Country | undefined {
  return byIso2.get(iso2.toUpperCase());
}
