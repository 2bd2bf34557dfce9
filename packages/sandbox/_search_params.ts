// The query rules every Geocoding & Search endpoint shares: HERE's 400
// bodies, `lang`, `limit`, `show`, `politicalView`, `at` and the
// `in` area, and the optional `show` blocks of result items.

import { type Ctx, searchError } from "./_http.ts";
import { type City, cityRadius, type Gazetteer } from "./_gazetteer.ts";
import type { Item } from "./_places.ts";
import { structured } from "./_query.ts";
import { formatOffset, offsetForLongitude } from "./_util.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";

/** The `in` area of a search request. */
export type Area =
  | { type: "circle"; lat: number; lng: number; r: number }
  | { type: "bbox"; west: number; south: number; east: number; north: number }
  | { type: "countryCode"; codes: string[] };

const EU27 = [
  "AUT",
  "BEL",
  "BGR",
  "HRV",
  "CYP",
  "CZE",
  "DNK",
  "EST",
  "FIN",
  "FRA",
  "DEU",
  "GRC",
  "HUN",
  "IRL",
  "ITA",
  "LVA",
  "LTU",
  "LUX",
  "MLT",
  "NLD",
  "POL",
  "PRT",
  "ROU",
  "SVK",
  "SVN",
  "ESP",
  "SWE",
];

/**
 * Which endpoints take each `show` value: `a` the address endpoints
 * (geocode, revgeocode), `p` the place endpoints (discover, browse,
 * lookup), `s` autosuggest, `c` autocomplete.
 */
const SHOW_TAKEN_BY: ReadonlyMap<string, string> = new Map([
  ["addressUsage", "a"],
  ["countryInfo", "ap"],
  ["details", "s"],
  ["eMobilityServiceProviders", "p"],
  ["ev", "p"],
  ["fuel", "ps"],
  ["fuelPrices", "p"],
  ["hasRelatedMPA", "c"],
  ["parsing", "a"],
  ["phonemes", "ps"],
  ["postalCodeDetails", "a"],
  ["secondaryUnitInfo", "a"],
  ["streetInfo", "apsc"],
  ["tripadvisor", "p"],
  ["tripadvisorImageVariants", "p"],
  ["truck", "ps"],
  ["tz", "aps"],
]);

/** The letter of each endpoint in {@linkcode SHOW_TAKEN_BY}. */
const SHOW_GROUP: Record<string, string> = {
  geocode: "a",
  revgeocode: "a",
  discover: "p",
  browse: "p",
  lookup: "p",
  autosuggest: "s",
  autocomplete: "c",
};

/** Throws HERE's 400 for an invalid parameter value. */
export function illegal(parameter: string, value: string, action = ""): never {
  throw searchError(
    400,
    `Illegal input for parameter '${parameter}'`,
    `Actual parameter value: '${value}'`,
    action,
  );
}

/** Throws HERE's 400 for a missing parameter. */
export function missing(parameter: string, cause?: string): never {
  throw searchError(
    400,
    `Required parameter '${parameter}' is missing`,
    cause ?? `Parameter '${parameter}' must be provided`,
    `Provide the '${parameter}' parameter`,
  );
}

/** Options every search endpoint shares. */
export interface Common {
  lang: string[];
  limit: number;
  show: string[];
  at?: LatLngLike;
  area?: Area;
}

/**
 * Checks the query rules every search endpoint shares and parses the shared
 * options; `defaultLimit` applies when `limit` is absent.
 */
export function checkCommon(
  ctx: Ctx,
  endpoint: string,
  defaultLimit: number,
): Common {
  const p = ctx.params;
  if (p.malformed.length) {
    illegal(p.malformed[0], "(invalid percent-encoding)");
  }
  const repeated = p.repeated();
  if (repeated.length) {
    throw searchError(
      400,
      `Duplicate parameter '${repeated[0]}'`,
      `Parameter '${repeated[0]}' was provided ${
        p.all(repeated[0]).length
      } times; every parameter may occur only once`,
      "Send each parameter once; join list values with commas",
    );
  }
  const langText = p.get("lang");
  const lang = langText === undefined ? [] : langText.split(",");
  for (const tag of lang) {
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag)) {
      illegal("lang", langText!);
    }
  }
  const limitText = p.get("limit");
  let limit = defaultLimit;
  if (limitText !== undefined) {
    if (!/^\d+$/.test(limitText)) {
      illegal("limit", limitText, "Use an integer from 1 to 100");
    }
    limit = Number(limitText);
    if (limit < 1 || limit > 100) {
      illegal("limit", limitText, "Use an integer from 1 to 100");
    }
  }
  const showText = p.get("show");
  const show = showText ? showText.split(",") : [];
  for (const s of show) {
    if (!SHOW_TAKEN_BY.get(s)?.includes(SHOW_GROUP[endpoint])) {
      illegal("show", showText!, `Unsupported value: '${s}'`);
    }
  }
  const pv = p.get("politicalView");
  if (pv !== undefined && !/^[A-Z]{3}$/.test(pv)) illegal("politicalView", pv);
  const atText = p.get("at");
  let at: LatLngLike | undefined;
  if (atText !== undefined) {
    at = parsePosition(atText);
    if (!at) {
      illegal(
        "at",
        atText,
        "Use 'lat,lng' with lat in [-90, 90] and lng in [-180, 180]",
      );
    }
  }
  return { lang, limit, show, at, area: parseArea(ctx) };
}

/**
 * {@linkcode checkCommon} for discover and autosuggest, which also need a
 * non-empty `q`, and the point to search around when there is one: `at`,
 * or the middle of an `in` circle or box.
 */
export function checkTextQuery(
  ctx: Ctx,
  endpoint: string,
): { common: Common; q: string; center?: LatLngLike } {
  const common = checkCommon(ctx, endpoint, 20);
  const q = ctx.params.get("q");
  if (q === undefined) missing("q");
  if (q.trim() === "") illegal("q", q, "Provide a non-empty query");
  return { common, q, center: areaCenter(common.area, common.at) };
}

function parsePosition(text: string): LatLngLike | undefined {
  const parts = text.split(",");
  if (
    parts.length !== 2 || parts.some((s) => !/^\s*-?\d+(\.\d+)?\s*$/.test(s))
  ) {
    return undefined;
  }
  const lat = Number(parts[0]), lng = Number(parts[1]);
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return undefined;
  return { lat, lng };
}

function parseArea(ctx: Ctx): Area | undefined {
  const raw = ctx.params.raw("in");
  if (raw === undefined) return undefined;
  const { text, decodePiece } = structured(raw, /[:,;=]/);
  const value = ctx.params.get("in")!;
  const m = /^(circle|bbox|countryCode):(.*)$/.exec(text);
  if (!m) {
    illegal(
      "in",
      value,
      "Use circle:lat,lng;r=radius, bbox:west,south,east,north or countryCode:ISO3[,ISO3]",
    );
  }
  const [, type, rest] = m;
  if (type === "circle") {
    const [coords, radius, ...extra] = rest.split(";");
    const center = parsePosition(decodePiece(coords ?? ""));
    const r = /^r=(\d+)$/.exec(decodePiece(radius ?? ""));
    if (!center || !r || extra.length) {
      illegal(
        "in",
        value,
        "Use circle:lat,lng;r=radius with an integer radius in metres",
      );
    }
    return { type, ...center, r: Number(r[1]) };
  }
  if (type === "bbox") {
    const nums = rest.split(",").map(decodePiece);
    if (nums.length !== 4 || nums.some((n) => !/^-?\d+(\.\d+)?$/.test(n))) {
      illegal("in", value, "Use bbox:west,south,east,north");
    }
    const [west, south, east, north] = nums.map(Number);
    if (
      south > north || south < -90 || north > 90 || west < -180 || west > 180 ||
      east < -180 || east > 180
    ) {
      illegal(
        "in",
        value,
        "Use bbox:west,south,east,north with south <= north",
      );
    }
    return { type, west, south, east, north };
  }
  const codes = rest.split(",").map(decodePiece);
  const out: string[] = [];
  for (const code of codes) {
    if (code === "XEA") out.push(...EU27);
    else if (/^[A-Z]{3}$/.test(code)) out.push(code);
    else illegal("in", value, "Use ISO 3166-1 alpha-3 country codes");
  }
  return { type: "countryCode", codes: out };
}

/** The area's predicate on positions and places. */
export function areaFilter(
  g: Gazetteer,
  area: Area | undefined,
): {
  point: (p: LatLngLike) => boolean;
  city: (c: City) => boolean;
} {
  if (!area) return { point: () => true, city: () => true };
  if (area.type === "circle") {
    const test = (p: LatLngLike) => haversineMeters(area, p) <= area.r;
    return {
      point: test,
      city: (c) => haversineMeters(area, c) <= area.r + cityRadius(c),
    };
  }
  if (area.type === "bbox") {
    const test = (p: LatLngLike) =>
      p.lat >= area.south && p.lat <= area.north &&
      (area.west <= area.east
        ? p.lng >= area.west && p.lng <= area.east
        : p.lng >= area.west || p.lng <= area.east);
    return { point: test, city: test };
  }
  const allowed = new Set(
    area.codes.map((c) => g.country(c)?.cca2).filter((c): c is string => !!c),
  );
  return { point: () => true, city: (c) => allowed.has(c.country) };
}

function areaCenter(
  area: Area | undefined,
  at?: LatLngLike,
): LatLngLike | undefined {
  if (at) return at;
  if (!area || area.type === "countryCode") return undefined;
  if (area.type === "circle") return area;
  return {
    lat: (area.south + area.north) / 2,
    lng: area.west <= area.east
      ? (area.west + area.east) / 2
      : ((area.west + area.east + 360) / 2 + 180) % 360 - 180,
  };
}

export function withShow(
  item: Item,
  show: readonly string[],
  g: Gazetteer,
): Item {
  const position = item.position as LatLngLike | undefined;
  if (show.includes("tz") && position) {
    const offset = offsetForLongitude(position.lng);
    const hours = offset / 60;
    item.timeZone = {
      name: hours === 0
        ? "Etc/GMT"
        : `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`,
      utcOffset: formatOffset(offset),
    };
  }
  const street = (item.address as { street?: string } | undefined)?.street;
  if (show.includes("streetInfo") && street) {
    item.streetInfo = [streetInfo(street)];
  }
  if (show.includes("countryInfo")) {
    const code = (item.address as { countryCode?: string } | undefined)
      ?.countryCode;
    const country = code ? g.country(code) : undefined;
    if (country) {
      item.countryInfo = { alpha2: country.cca2, alpha3: country.cca3 };
    }
  }
  return item;
}

const ATTACHED_TYPE =
  /^(\p{L}.*?)(straße|strasse|str\.?|weg|platz|allee|gasse|damm|ufer)$/iu;
const WORD_TYPE =
  /^(street|st|road|rd|avenue|ave|lane|ln|way|boulevard|blvd|drive|dr)\.?$/i;

/** `show=streetInfo`: the street's base name and type, as HERE splits them. */
function streetInfo(street: string): Record<string, unknown> {
  const attached = ATTACHED_TYPE.exec(street);
  if (attached) {
    return {
      baseName: attached[1],
      streetType: attached[2],
      streetTypePrecedes: false,
      streetTypeAttached: true,
    };
  }
  const words = street.split(" ");
  if (words.length > 1 && WORD_TYPE.test(words[words.length - 1])) {
    return {
      baseName: words.slice(0, -1).join(" "),
      streetType: words[words.length - 1],
      streetTypePrecedes: false,
      streetTypeAttached: false,
    };
  }
  return { baseName: street };
}
