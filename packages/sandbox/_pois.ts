// Deterministic points of interest around every place of the gazetteer:
// their categories, names, positions and reversible ids (so discover,
// browse, lookup and autosuggest agree on them).

import { type City, cityRadius, type Gazetteer } from "./_gazetteer.ts";
import { fold, hash32, pick, random, round } from "./_util.ts";
import { destinationPoint } from "./geodesy.ts";

/** A place category. */
export interface Category {
  /** HERE category id (`100-1000-0000`). */
  id: string;
  /** English name. */
  name: string;
  /** Folded words that select it in free text. */
  keywords: readonly string[];
  /** How many places of this kind a place with `population` has. */
  count: (population: number) => number;
}

const lg = (pop: number) => Math.max(0, Math.log10(Math.max(1, pop)) - 3);

/**
 * One category a line: its id, its English name, `[base factor]` when it
 * has `base + factor * lg(population)` places (rounded, at most 9), then
 * the folded words that select it in free text.
 */
const TABLE = `
100-1000-0000 Restaurant [1 2]: restaurant, restaurants, food, eat, dinner, lunch
100-1100-0010 Coffee Shop [1 1.5]: coffee, cafe, cafes, coffee shop, espresso
200-2000-0011 Bar or Pub [0 1.5]: bar, bars, pub, pubs, beer, drinks
300-3100-0000 Museum: museum, museums, gallery, art
400-4000-4581 Airport: airport, airports, flight, flights
400-4100-0035 Train Station: train, station, railway, train station, rail
500-5000-0053 Hotel [0.5 1.5]: hotel, hotels, accommodation, stay, inn
550-5510-0202 Park-Recreation Area [1 1]: park, parks, recreation, garden
600-6300-0066 Grocery [1 1.5]: grocery, supermarket, groceries, market
600-6400-0070 Pharmacy [1 1]: pharmacy, pharmacies, drugstore, chemist
700-7000-0107 Bank [0.5 1]: bank, banks
700-7010-0108 ATM [1 1]: atm, cash, cash machine
700-7600-0116 Petrol-Gasoline Station [1 1]: petrol, gas, fuel, gas station, petrol station
700-7600-0322 EV Charging Station [0.5 1]: ev, charging, ev charging, charging station, charger
800-8000-0159 Hospital: hospital, hospitals, clinic, emergency
800-8500-0178 Parking Lot [1 1]: parking, car park, parking lot
`;

/** The place counts of the categories the table gives no `[base factor]`. */
const COUNTS: Record<string, (population: number) => number> = {
  "300-3100-0000": (p) => p >= 20_000 ? Math.round(lg(p)) : 0,
  "400-4000-4581": (p) => p >= 3_000_000 ? 2 : p >= 300_000 ? 1 : 0,
  "400-4100-0035": (p) => p >= 500_000 ? 2 : p >= 5_000 ? 1 : 0,
  "800-8000-0159": (p) => p >= 10_000 ? Math.max(1, Math.round(lg(p))) : 0,
};

/** The categories the sandbox synthesises places for. */
export const CATEGORIES: readonly Category[] = TABLE.trim().split("\n").map(
  (line) => {
    const [, id, name, base, factor, words] =
      /^(\S+) ([^:[]+?)(?: \[(\S+) (\S+)\])?: (.+)$/.exec(line)!;
    const count = base === undefined
      ? COUNTS[id]
      : (pop: number) =>
        Math.max(0, Math.min(9, Math.round(+base + +factor * lg(pop))));
    return { id, name, keywords: words.split(", "), count };
  },
);

const NAMES = [
  "Linden",
  "Oak",
  "Maple",
  "Harbor",
  "Riverside",
  "Central",
  "Victoria",
  "Rose",
  "Royal",
  "Golden",
  "Silver",
  "Garden",
  "Market",
  "Old Town",
  "Lakeside",
  "Hilltop",
  "Sunset",
  "Corner",
  "Meadow",
  "Castle",
];

/** A synthetic point of interest: `n`-th place of category `cat` in a city. */
export interface Poi {
  /** The place it belongs to. */
  city: City;
  /** Index into {@linkcode CATEGORIES}. */
  cat: number;
  /** Ordinal within the city and category. */
  n: number;
  /** Position. */
  lat: number;
  /** Position. */
  lng: number;
}

/** The points of interest of one category in a city. */
function poisOf(city: City, cat: number): Poi[] {
  const count = CATEGORIES[cat].count(city.population);
  const out: Poi[] = [];
  const radius = cityRadius(city);
  for (let n = 0; n < count; n++) {
    const rand = random(hash32("poi", city.id, cat, n));
    const airport = CATEGORIES[cat].id === "400-4000-4581";
    const dist = airport
      ? radius * 1.1 + 3000 + rand() * 8000
      : radius * 0.85 * Math.sqrt(rand());
    const p = destinationPoint(city, rand() * 360, dist);
    out.push({ city, cat, n, lat: round(p.lat, 5), lng: round(p.lng, 5) });
  }
  return out;
}

/** Every point of interest of a city in the given categories (all when undefined). */
export function cityPois(city: City, cats?: readonly number[]): Poi[] {
  const out: Poi[] = [];
  for (const cat of cats ?? CATEGORIES.map((_, i) => i)) {
    out.push(...poisOf(city, cat));
  }
  return out;
}

/** The display name of a point of interest. */
export function poiName(poi: Poi): string {
  const rand = random(hash32("name", poi.city.id, poi.cat, poi.n));
  const city = poi.city.name;
  const name = pick(rand, NAMES);
  switch (CATEGORIES[poi.cat].id) {
    case "100-1000-0000":
      return `${
        pick(rand, [
          "Trattoria",
          "Bistro",
          "Brasserie",
          "Taverna",
          "Osteria",
          "Grill",
          "Kitchen",
        ])
      } ${name}`;
    case "100-1100-0010":
      return `${name} ${
        pick(rand, [
          "Coffee",
          "Café",
          "Espresso Bar",
          "Coffee House",
          "Roasters",
        ])
      }`;
    case "200-2000-0011":
      return `The ${
        pick(rand, [
          "Red Fox",
          "Black Horse",
          "Blue Anchor",
          "Old Oak",
          "Crown",
        ])
      } ${pick(rand, ["Pub", "Bar", "Tavern"])}`;
    case "300-3100-0000":
      return `${city} ${
        [
          "City Museum",
          "Museum of Art",
          "History Museum",
          "Science Museum",
          "Natural History Museum",
        ][poi.n % 5]
      }`;
    case "400-4000-4581":
      return poi.n === 0
        ? `${city} International Airport`
        : `${city} ${name} Airport`;
    case "400-4100-0035":
      return poi.n === 0
        ? `${city} Central Station`
        : `${city} ${pick(rand, ["North", "South", "East", "West"])} Station`;
    case "500-5000-0053":
      return rand() < 0.5
        ? `Hotel ${name}`
        : `${name} ${pick(rand, ["Inn", "Suites", "Grand Hotel"])}`;
    case "550-5510-0202":
      return `${name} Park`;
    case "600-6300-0066":
      return `${
        pick(rand, [
          "FreshMart",
          "Corner Market",
          "Family Foods",
          "GreenGrocer",
        ])
      } ${name}`;
    case "600-6400-0070":
      return `${name} Pharmacy`;
    case "700-7000-0107":
      return `${
        pick(rand, ["First", "City", "Union", "Savings"])
      } Bank ${name}`;
    case "700-7010-0108":
      return `ATM ${pick(rand, ["First", "City", "Union", "Savings"])} Bank`;
    case "700-7600-0116":
      return `${
        pick(rand, ["Fuel Stop", "Petrol Express", "Gas & Go"])
      } ${name}`;
    case "700-7600-0322":
      return `${pick(rand, ["Charge Point", "Volt Hub", "PowerPark"])} ${name}`;
    case "800-8000-0159":
      return poi.n === 0
        ? `${city} General Hospital`
        : `${name} Medical Center`;
    default:
      return `Parking ${name}`;
  }
}

const POI_ID = /^here:pds:place:([0-9a-z]+)u(\d{2})(\d)-([0-9a-f]{8})$/;

/** The HERE-style id of a point of interest (reversible). */
export function poiId(poi: Poi): string {
  const head = `${poi.city.id.toString(36)}u${
    String(poi.cat).padStart(2, "0")
  }${poi.n}`;
  return `here:pds:place:${head}-${
    hash32("id", head).toString(16).padStart(8, "0")
  }`;
}

/** Resolves a point-of-interest id. */
export function poiById(g: Gazetteer, id: string): Poi | undefined {
  const m = POI_ID.exec(id);
  if (!m) return undefined;
  const head = `${m[1]}u${m[2]}${m[3]}`;
  if (hash32("id", head).toString(16).padStart(8, "0") !== m[4]) {
    return undefined;
  }
  const city = g.byId(parseInt(m[1], 36));
  const cat = Number(m[2]), n = Number(m[3]);
  if (!city || cat >= CATEGORIES.length) return undefined;
  return poisOf(city, cat)[n];
}

/** Category indices matching a `categories=` filter (level 1, 2 or 3 ids). */
export function categoriesMatching(ids: readonly string[]): number[] {
  const out: number[] = [];
  CATEGORIES.forEach((c, i) => {
    if (ids.some((id) => c.id === id || c.id.startsWith(`${id}-`))) {
      out.push(i);
    }
  });
  return out;
}

/** Category indices whose keywords occur in folded free text. */
export function categoriesInText(folded: string): number[] {
  const padded = ` ${folded} `;
  const out: number[] = [];
  CATEGORIES.forEach((c, i) => {
    if (
      c.keywords.some((k) => padded.includes(` ${k} `)) ||
      fold(c.name) === folded
    ) out.push(i);
  });
  return out;
}
