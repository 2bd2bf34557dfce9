// Geocoding & Search v7: /v1/geocode, /v1/revgeocode, /v1/discover,
// /v1/browse, /v1/lookup and /v1/autosuggest over the gazetteer.

import { encodeContent } from "@ls/core";
import { type Ctx, json, searchError } from "./_http.ts";
import {
  type City,
  cityRadius,
  type Country,
  type Gazetteer,
  loadGazetteer,
  US_STATES,
} from "./_gazetteer.ts";
import {
  addressById,
  addressItem,
  CATEGORIES,
  categoriesInText,
  categoriesMatching,
  cityItem,
  cityPois,
  countryItem,
  distanceTo,
  type Item,
  type Poi,
  poiById,
  poiItem,
  poiName,
  type StreetAddress,
  STREETS,
} from "./_places.ts";
import { structured } from "./_query.ts";
import {
  fold,
  formatOffset,
  hash32,
  offsetForLongitude,
  pick,
  random,
  round,
} from "./_util.ts";
import { haversineMeters, type LatLngLike } from "./travel_model.ts";

type Area =
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

const SHOW: Record<string, readonly string[]> = {
  geocode: [
    "addressUsage",
    "countryInfo",
    "parsing",
    "postalCodeDetails",
    "secondaryUnitInfo",
    "streetInfo",
    "tz",
  ],
  revgeocode: [
    "addressUsage",
    "countryInfo",
    "parsing",
    "postalCodeDetails",
    "secondaryUnitInfo",
    "streetInfo",
    "tz",
  ],
  discover: [
    "eMobilityServiceProviders",
    "ev",
    "fuel",
    "fuelPrices",
    "phonemes",
    "streetInfo",
    "tripadvisor",
    "tripadvisorImageVariants",
    "truck",
    "tz",
    "countryInfo",
  ],
  browse: [
    "eMobilityServiceProviders",
    "ev",
    "fuel",
    "fuelPrices",
    "phonemes",
    "streetInfo",
    "tripadvisor",
    "tripadvisorImageVariants",
    "truck",
    "tz",
    "countryInfo",
  ],
  lookup: [
    "eMobilityServiceProviders",
    "ev",
    "fuel",
    "fuelPrices",
    "phonemes",
    "streetInfo",
    "tripadvisor",
    "tripadvisorImageVariants",
    "truck",
    "tz",
    "countryInfo",
  ],
  autosuggest: ["details", "fuel", "phonemes", "streetInfo", "truck", "tz"],
};

function illegal(parameter: string, value: string, action = ""): never {
  throw searchError(
    400,
    `Illegal input for parameter '${parameter}'`,
    `Actual parameter value: '${value}'`,
    action,
  );
}

function missing(parameter: string, cause?: string): never {
  throw searchError(
    400,
    `Required parameter '${parameter}' is missing`,
    cause ?? `Parameter '${parameter}' must be provided`,
    `Provide the '${parameter}' parameter`,
  );
}

/** Options every search endpoint shares. */
interface Common {
  lang: string[];
  limit: number;
  show: string[];
  at?: LatLngLike;
  area?: Area;
}

function checkCommon(ctx: Ctx, endpoint: string, defaultLimit: number): Common {
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
    if (!SHOW[endpoint].includes(s)) {
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
function areaFilter(
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

function withShow(item: Item, show: readonly string[], g: Gazetteer): Item {
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

// ------------------------------------------------------------------ parsing

interface AddressQuery {
  cityText?: string;
  country?: Country;
  stateCode?: string;
  street?: string;
  houseNumber?: string;
  postalCode?: string;
  /** Parts that were recognised, for `fieldScore`. */
  fields: Set<string>;
}

const STREET_WORDS =
  /(str|strasse|straße|street|st|road|rd|avenue|ave|weg|platz|allee|gasse|lane|ln|way|blvd|boulevard|drive|dr|place|pl|square|sq|ring|damm|ufer|via|rue|calle|avenida|laan|straat|gata|vej|utca|ulica)\.?$/i;

function isStreetPart(part: string): boolean {
  const tokens = part.trim().split(/\s+/);
  const hasNumber = tokens.some((t) => /^\d+[a-zA-Z]?$/.test(t));
  const hasWord = tokens.some((t) => /\p{L}{2,}/u.test(t));
  return (hasNumber && hasWord) ||
    tokens.some((t) => STREET_WORDS.test(t) && t.length > 3);
}

function splitStreet(part: string): { street: string; houseNumber?: string } {
  const tokens = part.trim().split(/\s+/);
  const idx = tokens.findIndex((t) => /^\d+[a-zA-Z]?(-\d+)?$/.test(t));
  if (idx < 0) return { street: part.trim() };
  const houseNumber = tokens[idx];
  const street = tokens.filter((_, i) => i !== idx).join(" ");
  return { street, houseNumber };
}

function countryFromText(g: Gazetteer, text: string): Country | undefined {
  const trimmed = text.trim();
  if (/^[A-Z]{2,3}$/.test(trimmed)) {
    const byCode = g.country(trimmed);
    if (byCode) return byCode;
  }
  return g.countryByName(fold(trimmed));
}

function parseFreeText(g: Gazetteer, q: string): AddressQuery {
  const out: AddressQuery = { fields: new Set() };
  let parts = q.split(",").map((s) => s.trim()).filter(Boolean);
  if (parts.length > 1) {
    const country = countryFromText(g, parts[parts.length - 1]);
    if (country) {
      out.country = country;
      parts = parts.slice(0, -1);
    }
  }
  // A US state code after the city: "Springfield, IL".
  if (
    parts.length > 1 && /^[A-Z]{2}(\s+\d{5})?$/.test(parts[parts.length - 1])
  ) {
    const [code, zip] = parts[parts.length - 1].split(/\s+/);
    if (US_STATES[code]) {
      out.stateCode = code;
      if (zip) out.postalCode = zip;
      out.country ??= g.country("US");
      parts = parts.slice(0, -1);
    }
  }
  const cityParts: string[] = [];
  for (const part of parts) {
    let rest = part;
    const postal = /(^|\s)(\d{4,6})(\s|$)/.exec(rest);
    if (
      postal && parts.length > 1 && !isStreetPart(rest.replace(postal[2], ""))
    ) {
      out.postalCode = postal[2];
      rest = rest.replace(postal[2], "").trim();
    }
    if (!rest) continue;
    if (parts.length > 1 && isStreetPart(rest) && !out.street) {
      Object.assign(out, splitStreet(rest));
    } else {
      cityParts.push(rest);
    }
  }
  if (cityParts.length === 0) return out;
  // The last part that names a place is the city; earlier ones may be districts.
  for (let i = cityParts.length - 1; i >= 0; i--) {
    if (g.exact(fold(cityParts[i])).length) {
      out.cityText = cityParts[i];
      return out;
    }
  }
  // One part without commas: "Invalidenstr 116 Berlin" or "Paris France".
  const tokens = cityParts[cityParts.length - 1].split(/\s+/);
  if (!out.country && tokens.length > 1) {
    for (let n = Math.min(3, tokens.length - 1); n >= 1; n--) {
      const country = countryFromText(g, tokens.slice(-n).join(" "));
      if (country) {
        out.country = country;
        tokens.splice(tokens.length - n, n);
        break;
      }
    }
  }
  for (let n = Math.min(4, tokens.length); n >= 1; n--) {
    const cand = tokens.slice(-n).join(" ");
    if (g.exact(fold(cand)).length) {
      out.cityText = cand;
      const head = tokens.slice(0, -n).join(" ");
      if (head && !out.street) {
        const postal = /(^|\s)(\d{4,6})$/.exec(head);
        const streetText = postal && isStreetPart(head.slice(0, postal.index))
          ? head.slice(0, postal.index)
          : head;
        if (postal && streetText !== head) out.postalCode = postal[2];
        if (isStreetPart(streetText)) {
          Object.assign(out, splitStreet(streetText));
        }
      }
      return out;
    }
  }
  if (tokens.length === 0) return out;
  out.cityText = tokens.join(" ");
  return out;
}

function parseQq(g: Gazetteer, ctx: Ctx): AddressQuery | undefined {
  const raw = ctx.params.raw("qq");
  if (raw === undefined) return undefined;
  const { text, decodePiece } = structured(raw, /[;=]/);
  const out: AddressQuery = { fields: new Set() };
  for (const field of text.split(";")) {
    const eq = field.indexOf("=");
    if (eq < 1) {
      illegal(
        "qq",
        ctx.params.get("qq")!,
        "Use field=value pairs joined by ';'",
      );
    }
    const key = field.slice(0, eq);
    const value = decodePiece(field.slice(eq + 1)).trim();
    switch (key) {
      case "country": {
        const country = countryFromText(g, value);
        if (!country) {
          illegal("qq", ctx.params.get("qq")!, `Unknown country '${value}'`);
        }
        out.country = country;
        break;
      }
      case "state":
        if (US_STATES[value.toUpperCase()]) out.stateCode = value.toUpperCase();
        break;
      case "city":
        out.cityText = value;
        break;
      case "district":
        out.cityText ??= value;
        break;
      case "street":
        out.street = value;
        break;
      case "houseNumber":
        out.houseNumber = value;
        break;
      case "postalCode":
        out.postalCode = value;
        break;
      case "county":
        break;
      default:
        illegal("qq", ctx.params.get("qq")!, `Unknown field '${key}'`);
    }
  }
  return out;
}

// ------------------------------------------------------------------ geocode

const TYPES = [
  "address",
  "area",
  "city",
  "houseNumber",
  "place",
  "postalCode",
  "street",
];

function parseTypes(
  ctx: Ctx,
  allowed: readonly string[],
): string[] | undefined {
  const text = ctx.params.get("types");
  if (text === undefined) return undefined;
  const types = text.split(",");
  for (const t of types) {
    if (!allowed.includes(t)) {
      illegal("types", text, `Unsupported value: '${t}'`);
    }
  }
  return types;
}

interface Ranked {
  city: City;
  quality: number;
  score: number;
}

function rankCities(
  g: Gazetteer,
  text: string,
  filter: (c: City) => boolean,
  at?: LatLngLike,
): Ranked[] {
  const folded = fold(text);
  if (!folded) return [];
  let matches = g.exact(folded).filter(filter).map((city) => ({
    city,
    quality: 1,
  }));
  if (matches.length === 0) {
    matches = g.prefix(folded, 200).filter(filter).map((city) => ({
      city,
      quality: round(Math.min(0.95, folded.length / city.folded.length), 2),
    }));
  }
  return matches
    .map(({ city, quality }) => ({
      city,
      quality,
      score: quality * 10 + Math.log10(city.population + 1) -
        (at ? haversineMeters(at, city) / 300_000 : 0),
    }))
    .sort((a, b) => b.score - a.score || a.city.i - b.city.i);
}

/** `GET /v1/geocode`. */
export async function geocode(ctx: Ctx): Promise<Response> {
  const common = checkCommon(ctx, "geocode", 20);
  const q = ctx.params.get("q");
  if (q !== undefined && q.trim() === "") {
    illegal("q", q, "Provide a non-empty query");
  }
  const g = await loadGazetteer();
  const qq = parseQq(g, ctx);
  if (q === undefined && !qq) {
    missing("q", "One of 'q' or 'qq' must be provided");
  }
  if (common.area && common.area.type !== "countryCode") {
    illegal(
      "in",
      ctx.params.get("in")!,
      "Geocode supports only in=countryCode:...",
    );
  }
  const types = parseTypes(ctx, TYPES);
  const parsed: AddressQuery = q !== undefined
    ? parseFreeText(g, q)
    : { fields: new Set() };
  if (qq) {
    for (const [k, v] of Object.entries(qq)) {
      if (v !== undefined && k !== "fields") {
        (parsed as unknown as Record<string, unknown>)[k] = v;
      }
    }
  }
  const area = areaFilter(g, common.area);
  const filter = (c: City) =>
    area.city(c) && (!parsed.country || c.country === parsed.country.cca2) &&
    (!parsed.stateCode || c.adminCode === parsed.stateCode);

  const items: Item[] = [];
  const wants = (kind: "city" | "address" | "area") =>
    !types ||
    (kind === "city" && (types.includes("city") || types.includes("area"))) ||
    (kind === "area" && types.includes("area")) ||
    (kind === "address" &&
      (types.includes("address") || types.includes("houseNumber") ||
        types.includes("street")));

  if (parsed.cityText) {
    const ranked = rankCities(g, parsed.cityText, filter, common.at);
    for (const { city, quality } of ranked) {
      if (items.length >= common.limit) break;
      const fieldScore: Record<string, unknown> = { city: quality };
      if (parsed.country) fieldScore.country = 1;
      if (parsed.street) {
        if (!wants("address")) continue;
        const address: StreetAddress = {
          city,
          street: parsed.street,
          houseNumber: parsed.houseNumber,
          postalCode: parsed.postalCode,
        };
        fieldScore.streets = [1];
        if (parsed.houseNumber) fieldScore.houseNumber = 1;
        if (parsed.postalCode) fieldScore.postalCode = 1;
        items.push({
          ...addressItem(g, address, common.lang),
          scoring: { queryScore: round(quality * 0.98, 2), fieldScore },
        });
      } else {
        if (!wants("city")) continue;
        if (parsed.postalCode) fieldScore.postalCode = 0.5;
        items.push({
          ...cityItem(g, city, common.lang),
          scoring: { queryScore: quality, fieldScore },
        });
      }
    }
    // "Germany" alone is a country, not a place called Germany.
    if (items.length === 0 && wants("area")) {
      const country = countryFromText(g, parsed.cityText);
      if (country && area.city({ country: country.cca2 } as City)) {
        items.push({
          ...countryItem(g, country, common.lang),
          scoring: { queryScore: 1, fieldScore: { country: 1 } },
        });
      }
    }
  } else if (
    parsed.country && wants("area") &&
    area.city({ country: parsed.country.cca2 } as City)
  ) {
    items.push({
      ...countryItem(g, parsed.country, common.lang),
      scoring: { queryScore: 1, fieldScore: { country: 1 } },
    });
  }
  return json({ items: items.map((i) => withShow(i, common.show, g)) });
}

// --------------------------------------------------------------- revgeocode

/** `GET /v1/revgeocode`. */
export async function reverseGeocode(ctx: Ctx): Promise<Response> {
  const common = checkCommon(ctx, "revgeocode", 1);
  const { at, area } = common;
  if (area && area.type !== "circle") {
    illegal(
      "in",
      ctx.params.get("in")!,
      "Reverse geocoding supports only in=circle:...",
    );
  }
  if (at && area) {
    throw searchError(
      400,
      "Invalid combination of parameters 'at' and 'in'",
      "Provide either 'at' or 'in=circle', not both",
      "Remove one of them",
    );
  }
  const center = at ?? (area as { lat: number; lng: number } | undefined);
  if (!center) missing("at", "One of 'at' or 'in=circle' must be provided");
  const types = parseTypes(ctx, ["address", "area", "city", "street"]);
  const g = await loadGazetteer();
  const radius = area?.type === "circle" ? area.r : undefined;
  const items: Item[] = [];
  const match = g.match(center);
  if (
    match && types && (types.includes("address") || types.includes("street"))
  ) {
    const rand = random(
      hash32("rev", round(center.lat, 3), round(center.lng, 3)),
    );
    const street: StreetAddress = {
      city: match.city,
      street: pick(rand, STREETS),
      houseNumber: types.includes("address")
        ? String(1 + Math.floor(rand() * 150))
        : undefined,
    };
    const snapped = { lat: round(center.lat, 4), lng: round(center.lng, 4) };
    const item = addressItem(g, { ...street, position: snapped }, common.lang);
    items.push({ ...item, distance: distanceTo(center, snapped) });
  }
  if (!types || types.includes("city")) {
    const hits = radius === undefined
      ? g.nearest(center, common.limit)
      : g.within(center, radius + 40_000).filter((h) =>
        h.distance <= radius + cityRadius(h.city)
      );
    for (const { city } of hits) {
      if (items.length >= common.limit) break;
      items.push({
        ...cityItem(g, city, common.lang),
        distance: distanceTo(center, city),
      });
    }
  }
  if (types?.includes("area") && match) {
    const country = g.country(match.city.country);
    if (country && items.length < common.limit) {
      items.push({ ...countryItem(g, country, common.lang), distance: 0 });
    }
  }
  return json({
    items: items.slice(0, common.limit).map((i) => withShow(i, common.show, g)),
  });
}

// ------------------------------------------------------- points of interest

interface PoiHit {
  poi: Poi;
  distance: number;
}

const RADII = [3_000, 10_000, 30_000, 80_000, 250_000, 1_000_000];

/** Points of interest nearest to `center`, filtered, up to `limit`. */
function searchPois(
  g: Gazetteer,
  center: LatLngLike,
  options: {
    cats?: readonly number[];
    accept: (p: LatLngLike) => boolean;
    cityFilter: (c: City) => boolean;
    name?: (poi: Poi) => boolean;
    limit: number;
    maxRadius: number;
  },
): PoiHit[] {
  let hits: PoiHit[] = [];
  for (const r of RADII) {
    const radius = Math.min(r, options.maxRadius);
    hits = [];
    const cities = g.within(center, radius + 60_000, options.cityFilter);
    for (const { city } of cities) {
      for (const poi of cityPois(city, options.cats)) {
        const distance = haversineMeters(center, poi);
        if (distance > radius || !options.accept(poi)) continue;
        if (options.name && !options.name(poi)) continue;
        hits.push({ poi, distance });
      }
    }
    if (hits.length >= options.limit || radius >= options.maxRadius) break;
  }
  hits.sort((a, b) => a.distance - b.distance || poiOrder(a.poi, b.poi));
  return hits.slice(0, options.limit);
}

function poiOrder(a: Poi, b: Poi): number {
  return a.city.i - b.city.i || a.cat - b.cat || a.n - b.n;
}

function poiResult(
  g: Gazetteer,
  hit: PoiHit,
  lang: readonly string[],
  center?: LatLngLike,
): Item {
  const item = poiItem(g, hit.poi, lang);
  if (center) item.distance = Math.round(hit.distance);
  return item;
}

// ----------------------------------------------------------------- discover

/** `GET /v1/discover`. */
export async function discover(ctx: Ctx): Promise<Response> {
  const common = checkCommon(ctx, "discover", 20);
  const q = ctx.params.get("q");
  if (q === undefined) missing("q");
  if (q.trim() === "") illegal("q", q, "Provide a non-empty query");
  const { at, area } = common;
  if (!at && (!area || area.type === "countryCode")) {
    missing("at", "Provide one of 'at', 'in=circle' or 'in=bbox'");
  }
  const g = await loadGazetteer();
  const center = areaCenter(area, at)!;
  const filter = areaFilter(g, area);
  const folded = fold(q);
  const items: Item[] = [];

  const cities = g.exact(folded).filter(filter.city)
    .map((city) => ({ city, d: haversineMeters(center, city) }))
    .filter(({ d }) =>
      area && area.type !== "countryCode" ? true : d <= 1_000_000
    )
    .sort((a, b) => a.d - b.d);
  for (const { city, d } of cities.slice(0, common.limit)) {
    items.push({ ...cityItem(g, city, common.lang), distance: Math.round(d) });
  }

  const cats = categoriesInText(folded);
  const tokens = folded.split(" ").filter((t) => t.length > 1);
  const maxRadius = area?.type === "circle" ? area.r : 250_000;
  if (items.length < common.limit) {
    const hits = searchPois(g, center, {
      cats: cats.length ? cats : undefined,
      accept: filter.point,
      cityFilter: filter.city,
      name: cats.length ? undefined : (poi) => {
        const name = fold(poiName(poi));
        return tokens.length > 0 && tokens.every((t) => name.includes(t));
      },
      limit: common.limit - items.length,
      maxRadius,
    });
    for (const hit of hits) items.push(poiResult(g, hit, common.lang, center));
  }
  return json({ items: items.map((i) => withShow(i, common.show, g)) });
}

// ------------------------------------------------------------------- browse

/** `GET /v1/browse`. */
export async function browse(ctx: Ctx): Promise<Response> {
  const common = checkCommon(ctx, "browse", 20);
  if (!common.at) missing("at");
  const catText = ctx.params.get("categories");
  let cats: number[] | undefined;
  if (catText !== undefined) {
    const ids = catText.split(",");
    for (const id of ids) {
      if (!/^\d{3}(-\d{4}(-\d{4})?)?$/.test(id)) {
        illegal("categories", catText, `Invalid category id '${id}'`);
      }
    }
    cats = categoriesMatching(ids);
  }
  const foodTypes = ctx.params.get("foodTypes");
  const name = ctx.params.get("name");
  const g = await loadGazetteer();
  const filter = areaFilter(g, common.area);
  const nameFold = name === undefined ? undefined : fold(name);
  const hits = cats && cats.length === 0 ? [] : searchPois(g, common.at, {
    cats: foodTypes !== undefined
      ? (cats ?? [0]).filter((c) => CATEGORIES[c].id.startsWith("100-"))
      : cats,
    accept: filter.point,
    cityFilter: filter.city,
    name: nameFold === undefined
      ? undefined
      : (poi) => fold(poiName(poi)).includes(nameFold),
    limit: common.limit,
    maxRadius: 250_000,
  });
  return json({
    items: hits.map((h) =>
      withShow(poiResult(g, h, common.lang, common.at), common.show, g)
    ),
  });
}

// ------------------------------------------------------------------- lookup

/** Resolves any id the sandbox hands out. */
function itemById(
  g: Gazetteer,
  id: string,
  lang: readonly string[],
): Item | undefined {
  const place = /^here:cm:namedplace:(\d+)$/.exec(id);
  if (place) {
    const city = g.byId(Number(place[1]));
    return city ? cityItem(g, city, lang) : undefined;
  }
  const country = /^here:cm:namedplace:country-([A-Z]{3})$/.exec(id);
  if (country) {
    const c = g.country(country[1]);
    return c ? countryItem(g, c, lang) : undefined;
  }
  const poi = poiById(g, id);
  if (poi) return poiItem(g, poi, lang);
  const address = addressById(g, id);
  if (address) return addressItem(g, address, lang);
  return undefined;
}

/** `GET /v1/lookup`. */
export async function lookup(ctx: Ctx): Promise<Response> {
  const common = checkCommon(ctx, "lookup", 1);
  const id = ctx.params.get("id");
  if (id === undefined) missing("id");
  if (!/^here:[a-z]+:[a-zA-Z]+:\S+$/.test(id)) {
    illegal("id", id, "Use an id from an earlier result");
  }
  const g = await loadGazetteer();
  const item = itemById(g, id, common.lang);
  if (!item) {
    throw searchError(
      404,
      "Not Found",
      `No result with id '${id}'`,
      "Use an id from an earlier result",
    );
  }
  return json(withShow(item, common.show, g));
}

// -------------------------------------------------------------- autosuggest

/** `GET /v1/autosuggest`. */
export async function autosuggest(ctx: Ctx): Promise<Response> {
  const common = checkCommon(ctx, "autosuggest", 20);
  const q = ctx.params.get("q");
  if (q === undefined) missing("q");
  if (q.trim() === "") illegal("q", q, "Provide a non-empty query");
  const { at, area } = common;
  if (!at && (!area || area.type === "countryCode")) {
    missing("at", "Provide one of 'at', 'in=circle' or 'in=bbox'");
  }
  const termsText = ctx.params.get("termsLimit");
  let termsLimit = 5;
  if (termsText !== undefined) {
    if (!/^\d+$/.test(termsText) || Number(termsText) > 10) {
      illegal("termsLimit", termsText, "Use an integer from 0 to 10");
    }
    termsLimit = Number(termsText);
  }
  const g = await loadGazetteer();
  const center = areaCenter(area, at)!;
  const filter = areaFilter(g, area);
  const folded = fold(q);
  const lastStart = q.search(/\S+\s*$/);
  const last = fold(q.slice(lastStart));
  const queryItems: Item[] = [];
  const queryTerms: Record<string, unknown>[] = [];
  const highlight = (title: string) => {
    const f = fold(title);
    return f.startsWith(folded)
      ? [{ start: 0, end: Math.min(title.length, q.trim().length) }]
      : [];
  };

  CATEGORIES.forEach((cat) => {
    const words = [fold(cat.name), ...cat.keywords];
    if (!words.some((w) => w.startsWith(folded))) return;
    if (queryItems.length < 2) {
      queryItems.push({
        title: cat.name,
        id: `here:cm:category:${cat.id}`,
        resultType: "categoryQuery",
        href: `${ctx.origin}/v1/discover?q=${encodeContent(cat.name)}&at=${
          round(center.lat, 5)
        },${round(center.lng, 5)}`,
        highlights: { title: highlight(cat.name) },
      });
    }
  });
  if (last) {
    const seen = new Set<string>();
    for (const cat of CATEGORIES) {
      for (const word of [fold(cat.name), ...cat.keywords]) {
        if (queryTerms.length >= termsLimit) break;
        if (word.startsWith(last) && word !== last && !seen.has(word)) {
          seen.add(word);
          queryTerms.push({
            term: word,
            replaces: q.slice(lastStart).trim(),
            start: lastStart,
            end: lastStart + q.slice(lastStart).trim().length,
          });
        }
      }
    }
  }

  const entities: { item: Item; score: number }[] = [];
  for (const city of g.prefix(folded, 300).filter(filter.city)) {
    const d = haversineMeters(center, city);
    const item = cityItem(g, city, common.lang);
    item.distance = Math.round(d);
    item.highlights = {
      title: highlight(item.title as string),
      address: { label: highlight(item.title as string) },
    };
    entities.push({
      item,
      score: Math.log10(city.population + 1) - d / 200_000,
    });
  }
  const hits = searchPois(g, center, {
    accept: filter.point,
    cityFilter: filter.city,
    name: (poi) =>
      fold(poiName(poi)).split(" ").some((w) => w.startsWith(folded)) ||
      fold(poiName(poi)).startsWith(folded),
    limit: common.limit,
    maxRadius: area?.type === "circle" ? area.r : 30_000,
  });
  for (const hit of hits) {
    const item = poiResult(g, hit, common.lang, center);
    const title = item.title as string;
    const pos = fold(title).indexOf(folded);
    item.highlights = {
      title: pos >= 0 ? [{ start: pos, end: pos + q.trim().length }] : [],
    };
    entities.push({ item, score: 4.5 - hit.distance / 5_000 });
  }
  entities.sort((a, b) => b.score - a.score);
  const items = [...queryItems, ...entities.map((e) => e.item)].slice(
    0,
    common.limit,
  );
  return json({
    items: items.map((i) => withShow(i, common.show, g)),
    queryTerms,
  });
}

/** The best place for free text (weather's `q`): a city, or a country's capital. */
export function bestPlace(g: Gazetteer, q: string): City | undefined {
  const parsed = parseFreeText(g, q);
  const country = parsed.country ??
    (parsed.cityText && !g.exact(fold(parsed.cityText)).length
      ? countryFromText(g, parsed.cityText)
      : undefined);
  if (parsed.cityText && !(country && !parsed.country)) {
    const filter = (c: City) =>
      (!parsed.country || c.country === parsed.country.cca2) &&
      (!parsed.stateCode || c.adminCode === parsed.stateCode);
    return rankCities(g, parsed.cityText, filter)[0]?.city;
  }
  if (!country) return undefined;
  let best: City | undefined;
  for (const c of g.cities) {
    if (c.country !== country.cca2) continue;
    const capital = c.featureCode === "PPLC";
    const bestCapital = best?.featureCode === "PPLC";
    if (
      !best || (capital && !bestCapital) ||
      (capital === bestCapital && c.population > best.population)
    ) {
      best = c;
    }
  }
  return best;
}
