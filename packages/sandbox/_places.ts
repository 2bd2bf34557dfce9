// Result items in HERE's Geocoding & Search shape: real places from the
// gazetteer, synthetic street addresses, and deterministic points of
// interest around every place (so discover, browse, lookup and autosuggest
// agree on ids, names and positions).

import {
  type City,
  cityRadius,
  type Country,
  type Gazetteer,
  US_STATES,
} from "./_gazetteer.ts";
import { fold, hash32, pick, random, round } from "./_util.ts";
import {
  destinationPoint,
  haversineMeters,
  type LatLngLike,
} from "./travel_model.ts";

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
const scaled = (base: number, factor: number, min = 0) => (pop: number) =>
  Math.max(min, Math.min(9, Math.round(base + factor * lg(pop))));

/** The categories the sandbox synthesises places for. */
export const CATEGORIES: readonly Category[] = [
  {
    id: "100-1000-0000",
    name: "Restaurant",
    keywords: ["restaurant", "restaurants", "food", "eat", "dinner", "lunch"],
    count: scaled(1, 2),
  },
  {
    id: "100-1100-0010",
    name: "Coffee Shop",
    keywords: ["coffee", "cafe", "cafes", "coffee shop", "espresso"],
    count: scaled(1, 1.5),
  },
  {
    id: "200-2000-0011",
    name: "Bar or Pub",
    keywords: ["bar", "bars", "pub", "pubs", "beer", "drinks"],
    count: scaled(0, 1.5),
  },
  {
    id: "300-3100-0000",
    name: "Museum",
    keywords: ["museum", "museums", "gallery", "art"],
    count: (p) => p >= 20_000 ? Math.round(lg(p)) : 0,
  },
  {
    id: "400-4000-4581",
    name: "Airport",
    keywords: ["airport", "airports", "flight", "flights"],
    count: (p) => p >= 3_000_000 ? 2 : p >= 300_000 ? 1 : 0,
  },
  {
    id: "400-4100-0035",
    name: "Train Station",
    keywords: ["train", "station", "railway", "train station", "rail"],
    count: (p) => p >= 500_000 ? 2 : p >= 5_000 ? 1 : 0,
  },
  {
    id: "500-5000-0053",
    name: "Hotel",
    keywords: ["hotel", "hotels", "accommodation", "stay", "inn"],
    count: scaled(0.5, 1.5),
  },
  {
    id: "550-5510-0202",
    name: "Park-Recreation Area",
    keywords: ["park", "parks", "recreation", "garden"],
    count: scaled(1, 1),
  },
  {
    id: "600-6300-0066",
    name: "Grocery",
    keywords: ["grocery", "supermarket", "groceries", "market"],
    count: scaled(1, 1.5),
  },
  {
    id: "600-6400-0070",
    name: "Pharmacy",
    keywords: ["pharmacy", "pharmacies", "drugstore", "chemist"],
    count: scaled(1, 1),
  },
  {
    id: "700-7000-0107",
    name: "Bank",
    keywords: ["bank", "banks"],
    count: scaled(0.5, 1),
  },
  {
    id: "700-7010-0108",
    name: "ATM",
    keywords: ["atm", "cash", "cash machine"],
    count: scaled(1, 1),
  },
  {
    id: "700-7600-0116",
    name: "Petrol-Gasoline Station",
    keywords: ["petrol", "gas", "fuel", "gas station", "petrol station"],
    count: scaled(1, 1),
  },
  {
    id: "700-7600-0322",
    name: "EV Charging Station",
    keywords: ["ev", "charging", "ev charging", "charging station", "charger"],
    count: scaled(0.5, 1),
  },
  {
    id: "800-8000-0159",
    name: "Hospital",
    keywords: ["hospital", "hospitals", "clinic", "emergency"],
    count: (p) => p >= 10_000 ? Math.max(1, Math.round(lg(p))) : 0,
  },
  {
    id: "800-8500-0178",
    name: "Parking Lot",
    keywords: ["parking", "car park", "parking lot"],
    count: scaled(1, 1),
  },
];

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

/** Synthetic street names. */
export const STREETS = [
  "Main Street",
  "Market Street",
  "Station Road",
  "Park Avenue",
  "High Street",
  "Church Street",
  "Mill Lane",
  "River Road",
  "Garden Way",
  "King Street",
  "Queen Street",
  "Lake Road",
  "Bridge Street",
  "School Lane",
  "Hill Road",
  "Oak Avenue",
  "Linden Avenue",
  "Harbor Road",
  "Castle Street",
  "Meadow Lane",
];

/** Countries whose labels put the house number first (`116 Main Street, ...`). */
const NUMBER_FIRST = new Set([
  "US",
  "GB",
  "CA",
  "AU",
  "NZ",
  "IE",
  "IN",
  "ZA",
  "FR",
  "PH",
]);

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
function poiId(poi: Poi): string {
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

/** A place's synthetic 5-digit postal code. */
export function postalCode(city: City, salt: string | number = ""): string {
  return String(10000 + (hash32("postal", city.id, salt) % 89999));
}

/** Address fields of a result. */
export interface Address {
  label: string;
  countryCode: string;
  countryName: string;
  stateCode?: string;
  state?: string;
  city?: string;
  district?: string;
  street?: string;
  postalCode?: string;
  houseNumber?: string;
}

function baseAddress(
  g: Gazetteer,
  city: City,
  lang: readonly string[],
): Omit<Address, "label"> {
  const country = g.country(city.country);
  const out: Omit<Address, "label"> = {
    countryCode: country?.cca3 ?? city.country,
    countryName: country ? g.countryName(country, lang) : city.country,
  };
  if (city.country === "US" && US_STATES[city.adminCode]) {
    out.stateCode = city.adminCode;
    out.state = US_STATES[city.adminCode];
  }
  return out;
}

/** Builds the address label in the country's usual order. */
function addressLabel(
  a: Omit<Address, "label">,
  cc2: string,
  title?: string,
): string {
  const parts: string[] = [];
  if (title) parts.push(title);
  if (a.street) {
    parts.push(
      a.houseNumber
        ? NUMBER_FIRST.has(cc2)
          ? `${a.houseNumber} ${a.street}`
          : `${a.street} ${a.houseNumber}`
        : a.street,
    );
  }
  if (a.city) {
    if (cc2 === "US") {
      parts.push(a.city);
      const tail = [a.stateCode, a.postalCode].filter(Boolean).join(" ");
      if (tail) parts.push(tail);
    } else if (a.postalCode) {
      parts.push(`${a.postalCode} ${a.city}`);
    } else {
      parts.push(a.city);
    }
  }
  parts.push(a.countryName);
  return parts.join(", ");
}

/** A viewport around a point. */
export function mapView(
  p: LatLngLike,
  radius: number,
): { west: number; south: number; east: number; north: number } {
  const dLat = radius / 111_320;
  const dLng = radius /
    (111_320 * Math.max(0.05, Math.cos((p.lat * Math.PI) / 180)));
  return {
    west: round(Math.max(-180, p.lng - dLng), 5),
    south: round(Math.max(-90, p.lat - dLat), 5),
    east: round(Math.min(180, p.lng + dLng), 5),
    north: round(Math.min(90, p.lat + dLat), 5),
  };
}

/** A result item (open JSON). */
export type Item = Record<string, unknown>;

/** The locality item of a place. */
export function cityItem(
  g: Gazetteer,
  city: City,
  lang: readonly string[],
): Item {
  const parent = g.parentCity(city);
  const district = parent !== city;
  const addr: Omit<Address, "label"> = {
    ...baseAddress(g, city, lang),
    city: parent.name,
    ...(district ? { district: city.name } : {}),
  };
  const label = addressLabel(
    { ...addr, city: district ? `${city.name}, ${parent.name}` : parent.name },
    city.country,
  );
  return {
    title: label,
    id: `here:cm:namedplace:${city.id}`,
    resultType: "locality",
    localityType: district ? "district" : "city",
    address: { label, ...addr },
    position: { lat: city.lat, lng: city.lng },
    mapView: mapView(city, cityRadius(city)),
  };
}

const countryViews = new WeakMap<
  Gazetteer,
  Map<string, { west: number; south: number; east: number; north: number }>
>();

/** The bounding box of a country's places. */
function countryView(
  g: Gazetteer,
  country: Country,
): { west: number; south: number; east: number; north: number } {
  let views = countryViews.get(g);
  if (!views) {
    views = new Map();
    for (const c of g.cities) {
      const v = views.get(c.country);
      if (!v) {
        views.set(c.country, {
          west: c.lng,
          south: c.lat,
          east: c.lng,
          north: c.lat,
        });
      } else {
        v.west = Math.min(v.west, c.lng);
        v.east = Math.max(v.east, c.lng);
        v.south = Math.min(v.south, c.lat);
        v.north = Math.max(v.north, c.lat);
      }
    }
    countryViews.set(g, views);
  }
  return views.get(country.cca2) ?? mapView(country, 100_000);
}

/** The administrative-area item of a country. */
export function countryItem(
  g: Gazetteer,
  country: Country,
  lang: readonly string[],
): Item {
  const name = g.countryName(country, lang);
  return {
    title: name,
    id: `here:cm:namedplace:country-${country.cca3}`,
    resultType: "administrativeArea",
    administrativeAreaType: "country",
    address: { label: name, countryCode: country.cca3, countryName: name },
    position: { lat: country.lat, lng: country.lng },
    mapView: countryView(g, country),
  };
}

/** A synthetic street address in a place. */
export interface StreetAddress {
  city: City;
  street: string;
  houseNumber?: string;
  postalCode?: string;
  /** Where it lies (reverse geocoding); default a stable spot within the place. */
  position?: LatLngLike;
}

/** Where a synthetic address lies: a stable spot within its place. */
function addressPosition(a: StreetAddress): LatLngLike {
  if (a.position) return a.position;
  const rand = random(hash32("street", a.city.id, fold(a.street)));
  const radius = cityRadius(a.city);
  const bearing = rand() * 360;
  const start = destinationPoint(
    a.city,
    bearing,
    radius * 0.7 * Math.sqrt(rand()),
  );
  const number = parseInt(a.houseNumber ?? "", 10);
  const along = Number.isFinite(number) ? Math.min(3000, number * 12) : 0;
  const p = destinationPoint(start, (bearing + 90) % 360, along);
  return { lat: round(p.lat, 5), lng: round(p.lng, 5) };
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(
    /\//g,
    "_",
  ).replace(/=+$/, "");
}

function fromBase64Url(text: string): string | undefined {
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(
      Uint8Array.from(bin, (c) => c.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
}

/** The id of a synthetic address (reversible). */
function addressId(a: StreetAddress): string {
  return `here:af:streetsection:${
    toBase64Url(
      JSON.stringify([
        a.city.id,
        a.street,
        a.houseNumber ?? "",
        a.postalCode ?? "",
        ...(a.position ? [a.position.lat, a.position.lng] : []),
      ]),
    )
  }`;
}

/** Resolves an address id. */
export function addressById(
  g: Gazetteer,
  id: string,
): StreetAddress | undefined {
  const m = /^here:af:streetsection:([A-Za-z0-9_-]+)$/.exec(id);
  if (!m) return undefined;
  try {
    const [cityId, street, houseNumber, postal, lat, lng] = JSON.parse(
      fromBase64Url(m[1]) ?? "",
    );
    const city = g.byId(cityId);
    if (!city || typeof street !== "string" || street === "") return undefined;
    return {
      city,
      street,
      houseNumber: houseNumber || undefined,
      postalCode: postal || undefined,
      position: typeof lat === "number" && typeof lng === "number"
        ? { lat, lng }
        : undefined,
    };
  } catch {
    return undefined;
  }
}

/** The item of a synthetic street address. */
export function addressItem(
  g: Gazetteer,
  a: StreetAddress,
  lang: readonly string[],
): Item {
  const parent = g.parentCity(a.city);
  const addr: Omit<Address, "label"> = {
    ...baseAddress(g, a.city, lang),
    city: parent.name,
    ...(parent !== a.city ? { district: a.city.name } : {}),
    street: a.street,
    postalCode: a.postalCode ?? postalCode(a.city, fold(a.street)),
    ...(a.houseNumber ? { houseNumber: a.houseNumber } : {}),
  };
  const label = addressLabel(addr, a.city.country);
  const position = addressPosition(a);
  return {
    title: label,
    id: addressId(a),
    resultType: a.houseNumber ? "houseNumber" : "street",
    ...(a.houseNumber ? { houseNumberType: "PA" } : {}),
    address: { label, ...addr },
    position,
    access: [{ lat: round(position.lat + 0.00008, 5), lng: position.lng }],
    mapView: mapView(position, a.houseNumber ? 90 : 400),
  };
}

/** The item of a point of interest. */
export function poiItem(
  g: Gazetteer,
  poi: Poi,
  lang: readonly string[],
): Item {
  const rand = random(hash32("addr", poi.city.id, poi.cat, poi.n));
  const title = poiName(poi);
  const street = pick(rand, STREETS);
  const parent = g.parentCity(poi.city);
  const addr: Omit<Address, "label"> = {
    ...baseAddress(g, poi.city, lang),
    city: parent.name,
    ...(parent !== poi.city ? { district: poi.city.name } : {}),
    street,
    postalCode: postalCode(poi.city, fold(street)),
    houseNumber: String(1 + Math.floor(rand() * 120)),
  };
  const cat = CATEGORIES[poi.cat];
  return {
    title,
    id: poiId(poi),
    resultType: "place",
    address: { label: addressLabel(addr, poi.city.country, title), ...addr },
    position: { lat: poi.lat, lng: poi.lng },
    access: [{
      lat: round(poi.lat + 0.0001, 5),
      lng: round(poi.lng - 0.0001, 5),
    }],
    categories: [{ id: cat.id, name: cat.name, primary: true }],
    references: [{
      supplier: { id: "core" },
      id: String(hash32("ref", poi.city.id, poi.cat, poi.n)),
    }],
  };
}

/** Metres between two positions, rounded (the `distance` field). */
export function distanceTo(a: LatLngLike, b: LatLngLike): number {
  return Math.round(haversineMeters(a, b));
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
