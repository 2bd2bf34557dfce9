// Geocoding & Search v7: `GET /v1/geocode` and `GET /v1/revgeocode` over
// the gazetteer.

import { type Ctx, json, searchError } from "./_http.ts";
import { type City, cityRadius, loadGazetteer } from "./_gazetteer.ts";
import {
  type AddressQuery,
  countryFromText,
  parseFreeText,
  parseQq,
  rankCities,
} from "./_address_query.ts";
import {
  addressItem,
  cityItem,
  countryItem,
  distanceTo,
  type Item,
  type StreetAddress,
  STREETS,
} from "./_places.ts";
import {
  areaFilter,
  checkCommon,
  illegal,
  missing,
  withShow,
} from "./_search_params.ts";
import { hash32, pick, random, round } from "./_util.ts";
import { streetsOf } from "./_streets.ts";
import { addressAt, locateAddress } from "./_streets_address.ts";
import type { LatLngLike } from "./geodesy.ts";

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
    let ranked = rankCities(g, parsed.cityText, filter, common.at);
    if (parsed.street) {
      // Of the places by that name, those that have the street come first.
      const s = streetsOf(g);
      const has = ranked.map(({ city }) =>
        locateAddress(s, city, parsed.street!, parsed.houseNumber) !== undefined
      );
      ranked = [
        ...ranked.filter((_, k) => has[k]),
        ...ranked.filter((_, k) => !has[k]),
      ];
    }
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

/**
 * `bearing`: whole degrees from 0 to 359, with `at` only (a heading is of a
 * position, not of a circle).
 */
function parseBearing(ctx: Ctx, withAt: boolean): number | undefined {
  const text = ctx.params.get("bearing");
  if (text === undefined) return undefined;
  if (!/^\d{1,3}$/.test(text) || Number(text) > 359) {
    illegal("bearing", text, "Use an integer from 0 to 359");
  }
  if (!withAt) {
    throw searchError(
      400,
      "Parameter 'bearing' requires 'at'",
      "A bearing is the heading at a position given as 'at'",
      "Give 'at' with 'bearing', or leave 'bearing' out",
    );
  }
  return Number(text);
}

/** An address off the generated streets (a rural road): a stable one nearby. */
function fallbackAddress(
  city: City,
  center: LatLngLike,
  bearing: number | undefined,
  types: readonly string[],
): StreetAddress {
  const rand = random(
    // The heading picks among the streets at the position.
    hash32(
      "rev",
      round(center.lat, 3),
      round(center.lng, 3),
      ...(bearing === undefined ? [] : [bearing]),
    ),
  );
  return {
    city,
    street: pick(rand, STREETS),
    houseNumber: types.includes("address")
      ? String(1 + Math.floor(rand() * 150))
      : undefined,
    position: { lat: round(center.lat, 4), lng: round(center.lng, 4) },
  };
}

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
  const bearing = parseBearing(ctx, at !== undefined);
  const types = parseTypes(ctx, ["address", "area", "city", "street"]);
  const g = await loadGazetteer();
  const radius = area?.type === "circle" ? area.r : undefined;
  const items: Item[] = [];
  const match = g.match(center);
  if (
    match && types && (types.includes("address") || types.includes("street"))
  ) {
    // The generated street nearest the position, and its house number;
    // off the streets (3 km from a road, 30 km from a town), the address
    // at the nearest place's centre, with its distance: a street made up
    // at the position would geocode to the place's real street elsewhere.
    const streets = streetsOf(g);
    const found = addressAt(streets, center) ??
      addressAt(streets, match.city);
    const street: StreetAddress = found
      ? {
        city: found.city,
        street: found.street,
        houseNumber: types.includes("address") ? found.houseNumber : undefined,
        position: found.position,
      }
      : fallbackAddress(match.city, center, bearing, types);
    const item = addressItem(g, street, common.lang);
    items.push({ ...item, distance: distanceTo(center, street.position!) });
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
