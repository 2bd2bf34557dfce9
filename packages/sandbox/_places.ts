// Result items in HERE's Geocoding & Search shape: real places from the
// gazetteer, synthetic street addresses, and the points of interest of
// `_pois.ts`.

import {
  type City,
  cityRadius,
  type Country,
  type Gazetteer,
  loadedGazetteer,
  US_STATES,
} from "./_gazetteer.ts";
import { streetsOf } from "./_streets.ts";
import { locateAddress } from "./_streets_address.ts";
import { CATEGORIES, type Poi, poiId, poiName } from "./_pois.ts";
import {
  fold,
  fromBase64Url,
  hash32,
  pick,
  random,
  round,
  toBase64Url,
} from "./_util.ts";
import {
  destinationPoint,
  haversineMeters,
  type LatLngLike,
} from "./geodesy.ts";

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

/** Where a synthetic address lies: on its street, else a stable spot within its place. */
function addressPosition(a: StreetAddress): LatLngLike {
  if (a.position) return a.position;
  // A street of the generated network, where the place has one by that name.
  const g = loadedGazetteer();
  const onStreet = g &&
    locateAddress(streetsOf(g), a.city, a.street, a.houseNumber);
  if (onStreet) return onStreet;
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
