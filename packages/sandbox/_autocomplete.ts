// Geocoding & Search v7: `GET /v1/autocomplete`, address completion over the
// gazetteer: localities by name prefix, synthetic street addresses in a
// named place, and postal codes by digit prefix. Like HERE's, the items
// carry ids but no position.

import { type Ctx, json } from "./_http.ts";
import {
  type City,
  type Gazetteer,
  loadGazetteer,
  nameWeight,
} from "./_gazetteer.ts";
import {
  addressItem,
  cityItem,
  type Item,
  postalCode,
  STREETS,
} from "./_places.ts";
import {
  areaFilter,
  checkCommon,
  type Common,
  illegal,
  missing,
  withShow,
} from "./_search_params.ts";
import { fold, hash32 } from "./_util.ts";
import { haversineMeters } from "./geodesy.ts";

const TYPES = ["area", "city", "postalCode"];
const POSTAL_CODE_MODES = ["cityLookup", "districtLookup"];
const MAX_LIMIT = 20;

/** A completion and how well it fits (higher first). */
interface Scored {
  item: Item;
  score: number;
}

/** `GET /v1/autocomplete`. */
export async function autocomplete(ctx: Ctx): Promise<Response> {
  const common = checkCommon(ctx, "autocomplete", 5);
  const p = ctx.params;
  if (common.limit > MAX_LIMIT) {
    illegal("limit", p.get("limit")!, `Use an integer from 1 to ${MAX_LIMIT}`);
  }
  const q = p.get("q");
  if (q === undefined) missing("q");
  if (q.trim() === "") illegal("q", q, "Provide a non-empty query");
  if (common.at && common.area && common.area.type !== "countryCode") {
    illegal(
      "in",
      p.get("in")!,
      "'at' and 'in=circle' or 'in=bbox' are mutually exclusive",
    );
  }
  const types = closedList(ctx, "types", TYPES);
  const modeText = p.get("postalCodeMode");
  if (modeText !== undefined && !POSTAL_CODE_MODES.includes(modeText)) {
    illegal("postalCodeMode", modeText, `Unsupported value: '${modeText}'`);
  }
  const g = await loadGazetteer();
  const wants = (t: string) => !types || types.includes(t);
  const scored: Scored[] = [
    ...(types ? [] : streets(g, q, common)),
    ...(wants("postalCode")
      ? postalCodes(g, q, common, modeText === "districtLookup")
      : []),
    ...(wants("city") || wants("area")
      ? localities(g, q, common, wants("area"))
      : []),
  ];
  scored.sort((a, b) => b.score - a.score);
  const items = scored.slice(0, common.limit).map(({ item }) =>
    completion(item, q, common, g)
  );
  return json({ items });
}

/** A comma list HERE documents as a closed set; `undefined` when absent. */
function closedList(
  ctx: Ctx,
  name: string,
  allowed: readonly string[],
): string[] | undefined {
  const text = ctx.params.get(name);
  if (text === undefined) return undefined;
  const values = text.split(",");
  for (const v of values) {
    if (!allowed.includes(v)) illegal(name, text, `Unsupported value: '${v}'`);
  }
  return values;
}

/**
 * Fitness of a place: populous (or as populous as `weight`, for a place
 * found by an alternate name) and, with `at`, near.
 */
function placeScore(
  city: City,
  common: Common,
  weight = city.population,
): number {
  const near = common.at ? haversineMeters(common.at, city) / 200_000 : 0;
  return Math.log10(weight + 1) - near;
}

/** Localities whose name starts with the query (its last comma part first). */
function localities(
  g: Gazetteer,
  q: string,
  common: Common,
  districts: boolean,
): Scored[] {
  const filter = areaFilter(g, common.area);
  const parts = q.split(",").map(fold).filter(Boolean);
  const text = parts.length > 1 ? parts[parts.length - 1] : fold(q);
  return g.prefixHits(text, 300)
    .filter(({ city: c }) =>
      filter.city(c) && (districts || g.parentCity(c) === c)
    )
    .map((hit) => ({
      item: cityItem(g, hit.city, common.lang),
      score: placeScore(hit.city, common, nameWeight(hit)),
    }));
}

/** Postal codes starting with the query's leading digits, in places that fit. */
function postalCodes(
  g: Gazetteer,
  q: string,
  common: Common,
  byDistrict: boolean,
): Scored[] {
  const m = /^\s*(\d{2,5})\b\s*(.*)$/.exec(q);
  if (!m) return [];
  const [, digits, rest] = m;
  const place = fold(rest);
  const filter = areaFilter(g, common.area);
  const out: Scored[] = [];
  for (const city of g.cities) {
    if (city.population < 1000 || !filter.city(city)) continue;
    if (place && !city.folded.startsWith(place)) continue;
    if (!byDistrict && g.parentCity(city) !== city) continue;
    const code = postalCode(city);
    if (!code.startsWith(digits)) continue;
    const base = cityItem(g, city, common.lang);
    const address = { ...(base.address as Record<string, unknown>) };
    if (!byDistrict) delete address.district;
    address.postalCode = code;
    address.label = `${code} ${address.city}, ${address.countryName}`;
    out.push({
      item: {
        title: address.label,
        id: `here:cm:namedplace:${city.id}`,
        resultType: "postalCodePoint",
        address,
      },
      score: placeScore(city, common) + 1,
    });
  }
  return out;
}

/**
 * Street addresses: `<place> <street prefix> [number]` or
 * `<street prefix> [number], <place>`, the place named in full.
 */
function streets(g: Gazetteer, q: string, common: Common): Scored[] {
  const split = splitPlace(g, q);
  if (!split) return [];
  const m = /^(.*?)\s*(\d+[a-z]?)?$/i.exec(split.rest.trim())!;
  const prefix = fold(m[1]);
  if (prefix === "") return [];
  const filter = areaFilter(g, common.area);
  const cities = split.cities.filter(filter.city).slice(0, 3);
  const out: Scored[] = [];
  for (const city of cities) {
    for (const street of STREETS) {
      if (!fold(street).startsWith(prefix)) continue;
      out.push({
        item: addressItem(g, { city, street, houseNumber: m[2] }, common.lang),
        score: placeScore(city, common) + 10,
      });
    }
  }
  return out;
}

/** The places a query names in full, and the rest of the query. */
function splitPlace(
  g: Gazetteer,
  q: string,
): { cities: City[]; rest: string } | undefined {
  const comma = q.indexOf(",");
  if (comma >= 0) {
    const cities = g.exact(fold(q.slice(comma + 1)));
    return cities.length ? { cities, rest: q.slice(0, comma) } : undefined;
  }
  const words = q.trim().split(/\s+/);
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const cities = g.exact(fold(words.slice(0, n).join(" ")));
    if (cities.length) return { cities, rest: words.slice(n).join(" ") };
  }
  return undefined;
}

/** An item as autocomplete answers it: no position, highlights, `show`. */
function completion(item: Item, q: string, common: Common, g: Gazetteer): Item {
  delete item.position;
  delete item.mapView;
  delete item.access;
  item.language = common.lang[0]?.split("-")[0] ?? "en";
  const lower = (item.title as string).toLowerCase();
  const label = fold(q).split(" ").filter(Boolean).flatMap((w) => {
    const start = lower.indexOf(w);
    return start < 0 ? [] : [{ start, end: start + w.length }];
  }).sort((a, b) => a.start - b.start);
  item.highlights = { title: label, address: { label } };
  if (common.show.includes("hasRelatedMPA") && item.houseNumberType) {
    item.hasRelatedMPA = hash32("mpa", item.id as string) % 4 === 0;
  }
  return withShow(item, common.show, g);
}
