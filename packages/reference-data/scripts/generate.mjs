// Regenerates src/data/*.ts from the source packages named in README.md:
//   npm run generate -w @kasuwa/reference-data
// The output is committed; the runtime package never imports a source package. Every rule that
// reshapes or corrects the sources is written out below, and the script stops (rather than write
// doubtful data) when a source no longer looks the way those rules expect.
import { writeFileSync } from 'node:fs';
import { aggregateFeature, borders, feature } from '@rapideditor/country-coder';
import { countries as countriesList } from 'countries-list';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import lgaSource from 'nigerian-states-and-lgas';

const dataDir = new URL('../src/data/', import.meta.url);

function fail(message) {
  throw new Error(`generate: ${message}`);
}

// ---------------------------------------------------------------------------------------------
// Countries
// ---------------------------------------------------------------------------------------------

/**
 * Where the sources give no single M49 region. UN M49 has none for Antarctica, so the continent is
 * its own region; it lists the whole of Russia under Eastern Europe, while country-coder only
 * groups Russia's parts (its largest, Asian Russia, has no sub-region).
 */
const REGION_OVERRIDES = {
  AQ: { region: 'Antarctica', subregion: 'Antarctica' },
  RU: { region: 'Europe', subregion: 'Eastern Europe' },
};

/**
 * UN M49 splits Sub-Saharan Africa and Latin America and the Caribbean into intermediate regions
 * (Western Africa, South America ...), which are what people mean by a sub-region there. Elsewhere
 * (the Channel Islands) the intermediate region is too fine, so the sub-region is used.
 */
const SUBREGIONS_SPLIT_FURTHER = new Set(['202', '419']);

const m49Name = (code) => feature(code)?.properties.nameEn ?? fail(`unknown M49 group ${code}`);
const level = (code) => feature(code)?.properties.level;

/** Area of a ring in km²-like units (longitude scaled by the cosine of the latitude). */
function ringArea(ring) {
  const lat = ring.reduce((sum, [, y]) => sum + y, 0) / ring.length;
  const k = Math.cos((lat * Math.PI) / 180);
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    twice += ring[j][0] * k * ring[i][1] - ring[i][0] * k * ring[j][1];
  }
  return Math.abs(twice / 2);
}

/** Planar centroid of a ring as [lng, lat], longitudes shifted by whole turns to lie near `nearLng`. */
function ringCentroid(ring, nearLng) {
  const shift = (x) => x + 360 * Math.round((nearLng - x) / 360);
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xj, yj] = [shift(ring[j][0]), ring[j][1]];
    const [xi, yi] = [shift(ring[i][0]), ring[i][1]];
    const cross = xj * yi - xi * yj;
    twice += cross;
    cx += (xj + xi) * cross;
    cy += (yj + yi) * cross;
  }
  return [cx / (3 * twice), cy / (3 * twice)];
}

function polygonsOf(geometry) {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  return fail(`unexpected geometry ${geometry.type}`);
}

/** How country-coder names the home part of a country drawn as parts ("Mainland China" ...). */
const HOME_PART = /^(Mainland|Peninsular|Metropolitan|Contiguous) /;

/**
 * The country's own land: its feature, or for a country drawn as parts (the United States, Denmark
 * ...) its home part ("Contiguous United States", "Denmark" rather than Greenland, "Saint Helena"
 * rather than Tristan da Cunha, "England" for the United Kingdom), else its parts that are not separately listed countries. Polygons come largest
 * first; `main` is the part whose M49 groups stand for the whole.
 */
function landOf(iso2) {
  const country = feature(iso2);
  const parts = (country.properties.members ?? [])
    .map((id) => feature(id))
    .filter((part) => part.geometry && part.properties.isoStatus !== 'official');
  const home =
    parts.find((part) => HOME_PART.test(part.properties.nameEn)) ??
    parts.find((part) =>
      country.properties.nameEn.replace(/^Kingdom of /, '').startsWith(part.properties.nameEn),
    ) ??
    parts.find((part) => part.properties.nameEn === 'England');
  const chosen = country.geometry ? [country] : home ? [home] : parts;
  const polygons = [];
  for (const part of chosen.length ? chosen : [aggregateFeature(iso2)]) {
    for (const polygon of polygonsOf(part.geometry)) {
      polygons.push({ ring: polygon[0], area: ringArea(polygon[0]), part });
    }
  }
  if (!polygons.length) fail(`${iso2} has no geometry`);
  polygons.sort((a, b) => b.area - a.area);
  return { polygons, main: polygons[0].part };
}

/**
 * An approximate centre for a map: the centroid of the country's largest polygon, i.e. of its
 * mainland. country-coder generalises borders over water, so for a few coastal or island countries
 * the point can lie offshore; nothing here relies on it being on land.
 */
function centreOf(iso2, { polygons }) {
  // Antarctica's outline circles the pole, which a planar centroid cannot handle.
  if (iso2 === 'AQ') return [-90, 0];
  const [lng, lat] = ringCentroid(polygons[0].ring, polygons[0].ring[0][0]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) fail(`${iso2}: no centre`);
  return [lat, lng - 360 * Math.round(lng / 360)];
}

function regionOf(iso2, part) {
  const own = feature(iso2).properties.groups ?? [];
  const groups = own.some((g) => level(g) === 'subregion') ? own : (part.properties.groups ?? []);
  const region = groups.find((g) => level(g) === 'region');
  const subregion = groups.find((g) => level(g) === 'subregion');
  const intermediate = groups.find((g) => level(g) === 'intermediateRegion');
  if (REGION_OVERRIDES[iso2]) {
    if (region && subregion) fail(`${iso2} now has a region in the source; drop its override`);
    return REGION_OVERRIDES[iso2];
  }
  if (!region || !subregion) fail(`${iso2} has no M49 region/subregion`);
  const finest = intermediate && SUBREGIONS_SPLIT_FURTHER.has(subregion) ? intermediate : subregion;
  return { region: m49Name(region), subregion: m49Name(finest) };
}

const phoneCountries = new Set(getCountries());

/**
 * The calling code libphonenumber (Google's metadata) uses for the country; for the few territories
 * it does not cover (Antarctica, Bouvet Island ...), the code countries-list gives.
 */
function prefixOf(iso2) {
  if (phoneCountries.has(iso2)) return `+${getCountryCallingCode(iso2)}`;
  const code = countriesList[iso2]?.phone?.[0];
  if (!code) fail(`${iso2} has no calling code`);
  return `+${code}`;
}

const round = (n) => Math.round(n * 100) / 100;

const officialCountries = borders.features
  .map((f) => f.properties)
  .filter((p) => p.iso1A2 && p.isoStatus === 'official');
if (officialCountries.length < 245) fail(`only ${officialCountries.length} official ISO 3166-1 codes`);

const countryRows = officialCountries.map((p) => {
  const source = countriesList[p.iso1A2] ?? fail(`countries-list lacks ${p.iso1A2}`);
  const land = landOf(p.iso1A2);
  const { region, subregion } = regionOf(p.iso1A2, land.main);
  const [lat, lng] = centreOf(p.iso1A2, land);
  return {
    name: source.name,
    iso: p.iso1A3 ?? fail(`${p.iso1A2} has no alpha-3 code`),
    iso2: p.iso1A2,
    prefix: prefixOf(p.iso1A2),
    // Antarctica has no currency of its own.
    currency: source.currency[0] ?? null,
    region,
    subregion,
    latlng: [round(lat), round(lng)],
  };
});
countryRows.sort((a, b) => a.name.localeCompare(b.name, 'en'));

// ---------------------------------------------------------------------------------------------
// Nigerian states and local government areas
// ---------------------------------------------------------------------------------------------

/** The number of LGAs per state in the Constitution (First Schedule, Part I) and INEC's register. */
const OFFICIAL_LGA_COUNTS = {
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

/** State names as the source spells them -> ours. The spec spells the capital territory `Fct`. */
const STATE_CORRECTIONS = {
  Kastina: 'Katsina',
  'Federal Capital Territory': 'Fct',
};

/**
 * LGA names the source misspells or writes as "short/long", corrected to INEC's spelling. Keyed by
 * our state name; each entry must match the source, so an upstream fix is noticed.
 */
const LGA_CORRECTIONS = {
  Adamawa: { Fufure: 'Fufore', 'Mayo Belwa': 'Mayo-Belwa' },
  Bauchi: { 'Ganju/Ganjuwa': 'Ganjuwa' },
  Bayelsa: { 'Ekere/Ekeremor': 'Ekeremor', 'Sagba/Sagbama': 'Sagbama' },
  Imo: { Unuimo: 'Onuimo' },
  Katsina: { 'Sanda/Sandamu': 'Sandamu' },
  Kebbi: { 'Maiya/Maiyama': 'Maiyama', 'Danko-Wasagu': 'Danko/Wasagu' },
  Ogun: { 'Obafemi/Obafemi Owode': 'Obafemi Owode', 'Shaga/Shagamu': 'Sagamu' },
  Sokoto: { 'Goron/Goronyo': 'Goronyo' },
};

const stateRows = lgaSource.all().map(({ state, lgas }) => {
  const name = STATE_CORRECTIONS[state] ?? state;
  const corrections = LGA_CORRECTIONS[name] ?? {};
  for (const wrong of Object.keys(corrections)) {
    if (!lgas.includes(wrong)) fail(`${name}: correction for "${wrong}" no longer matches the source`);
  }
  const areas = lgas.map((lga) => corrections[lga] ?? lga.trim());
  const expected = OFFICIAL_LGA_COUNTS[name] ?? fail(`unexpected state "${state}"`);
  if (areas.length !== expected) fail(`${name} has ${areas.length} LGAs, the official list ${expected}`);
  if (new Set(areas).size !== areas.length) fail(`${name} lists an LGA twice`);
  return [name, [...areas].sort((a, b) => a.localeCompare(b, 'en'))];
});
if (stateRows.length !== 37) fail(`${stateRows.length} states and FCT, expected 37`);
stateRows.sort(([a], [b]) => a.localeCompare(b, 'en'));

// ---------------------------------------------------------------------------------------------
// Output: compact TypeScript, one row per line so that a data change reads as a one-line diff
// ---------------------------------------------------------------------------------------------

const header = (sources) =>
  `// Generated by scripts/generate.mjs from ${sources}. Do not edit: change the script and rerun it.\n`;
const q = (value) => JSON.stringify(value);

const countriesTs = `${header('countries-list, @rapideditor/country-coder and libphonenumber-js')}
/** [name, iso (alpha-3), iso2, prefix, currency, region, subregion, lat, lng] */
export type CountryRow = readonly [
  name: string,
  iso: string,
  iso2: string,
  prefix: string,
  currency: string | null,
  region: string,
  subregion: string,
  lat: number,
  lng: number,
];

export const countryRows: readonly CountryRow[] = [
${countryRows
  .map(
    (c) =>
      `  [${[c.name, c.iso, c.iso2, c.prefix, c.currency, c.region, c.subregion].map(q).join(', ')}, ${c.latlng.join(', ')}],`,
  )
  .join('\n')}
];
`;

const nigeriaTs = `${header('nigerian-states-and-lgas, corrected to INEC spelling')}
/** [state name, local government areas] */
export type StateRow = readonly [name: string, areas: readonly string[]];

export const nigerianStateRows: readonly StateRow[] = [
${stateRows.map(([name, areas]) => `  [${q(name)}, [${areas.map(q).join(', ')}]],`).join('\n')}
];
`;

writeFileSync(new URL('countries.ts', dataDir), countriesTs);
writeFileSync(new URL('nigeria.ts', dataDir), nigeriaTs);
const lgaTotal = stateRows.reduce((sum, [, areas]) => sum + areas.length, 0);
process.stdout.write(
  `wrote ${countryRows.length} countries, ${stateRows.length} states and ${lgaTotal} LGAs to src/data/\n`,
);
