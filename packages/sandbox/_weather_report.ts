// Destination Weather v3: `GET /v3/report`. The place comes from a
// position, a free-text query or a US ZIP code; the products are computed
// by the weather model.

import { type Ctx, json, malformed, routingError } from "./_http.ts";
import { type City, type Gazetteer, loadGazetteer } from "./_gazetteer.ts";
import { bestPlace } from "./_address_query.ts";
import { checkQuery } from "./_routing_params.ts";
import { hash32, offsetForLongitude } from "./_util.ts";
import { localMidnight, placeBlock, type Units } from "./_weather_format.ts";
import { PRODUCTS, type ReportScope } from "./_weather_products.ts";
import type { LatLngLike } from "./geodesy.ts";

/** A malformed report request: HERE's 400 with code E611001. */
const bad = (cause: string) => malformed("E611001", cause);

/** No place for the request: HERE's 400 with code E611404. */
const notFound = (cause: string) =>
  routingError(400, "E611404", "Location not found", cause);

const ZIP_STATES: Record<string, string[]> = {
  "0": ["MA", "CT", "RI", "NH", "ME", "VT", "NJ"],
  "1": ["NY", "PA", "DE"],
  "2": ["DC", "MD", "VA", "WV", "NC", "SC"],
  "3": ["FL", "GA", "AL", "TN", "MS"],
  "4": ["MI", "OH", "IN", "KY"],
  "5": ["MN", "WI", "IA", "MT", "ND", "SD"],
  "6": ["IL", "MO", "KS", "NE"],
  "7": ["TX", "OK", "AR", "LA"],
  "8": ["CO", "AZ", "UT", "NM", "NV", "WY", "ID"],
  "9": ["CA", "OR", "WA", "AK", "HI"],
};

/** A US ZIP code's place: a city of the ZIP's region, chosen by the code. */
function zipPlace(g: Gazetteer, zip: string): City | undefined {
  const states = ZIP_STATES[zip[0]];
  const cities = g.cities.filter((c) =>
    c.country === "US" && states.includes(c.adminCode) && c.population >= 50_000
  ).sort((a, b) => b.population - a.population || a.i - b.i);
  if (cities.length === 0) return undefined;
  return cities[hash32("zip", zip.slice(1)) % Math.min(cities.length, 40)];
}

/** `GET /v3/report`. */
export async function report(ctx: Ctx): Promise<Response> {
  const p = ctx.params;
  checkQuery(p);
  const productsText = p.get("products");
  if (!productsText) throw bad("Missing parameter 'products'");
  const products = productsText.split(",");
  for (const product of products) {
    if (!Object.hasOwn(PRODUCTS, product)) {
      throw bad(
        `Invalid value for parameter 'products': '${product}' (use ${
          Object.keys(PRODUCTS).join(", ")
        })`,
      );
    }
  }
  const forms = ["location", "q", "zipCode"].filter((k) => p.has(k));
  if (forms.length === 0) {
    throw bad("One of 'location', 'q' or 'zipCode' is required");
  }
  if (forms.length > 1) {
    throw bad(
      `Give only one of 'location', 'q' and 'zipCode' (got ${
        forms.join(", ")
      })`,
    );
  }
  const oneObservation = p.get("oneObservation");
  if (oneObservation !== undefined) {
    if (oneObservation !== "true" && oneObservation !== "false") {
      throw bad(
        `Invalid value for parameter 'oneObservation': '${oneObservation}'`,
      );
    }
    if (!products.includes("observation")) {
      throw bad(
        "'oneObservation' is only allowed with the 'observation' product",
      );
    }
  }
  const unitsText = p.get("units") ?? "metric";
  if (unitsText !== "metric" && unitsText !== "imperial") {
    throw bad(`Invalid value for parameter 'units': '${unitsText}'`);
  }
  const u: Units = { imperial: unitsText === "imperial" };
  const lang = p.get("lang");
  if (lang !== undefined && !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(lang)) {
    throw bad(`Invalid value for parameter 'lang': '${lang}'`);
  }
  const hourlyDate = p.get("hourlyDate");
  if (
    hourlyDate !== undefined &&
    !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?)?$/
      .test(hourlyDate)
  ) {
    throw bad(
      `Invalid value for parameter 'hourlyDate': '${hourlyDate}' (use YYYY-MM-DD or YYYY-MM-DDThh:mm:ss)`,
    );
  }

  const g = await loadGazetteer();
  let point: LatLngLike;
  let city: City | undefined;
  if (forms[0] === "location") {
    const text = p.get("location")!;
    const parts = text.split(",");
    const lat = Number(parts[0]), lng = Number(parts[1]);
    if (
      parts.length !== 2 || !(lat >= -90 && lat <= 90) ||
      !(lng >= -180 && lng <= 180)
    ) {
      throw bad(
        `Invalid value for parameter 'location': '${text}' (use lat,lng)`,
      );
    }
    point = { lat, lng };
    city = g.nearest(point, 1)[0]?.city;
  } else if (forms[0] === "q") {
    const q = p.get("q")!;
    city = q.trim() ? bestPlace(g, q) : undefined;
    if (!city) {
      throw notFound(`No place matches q='${q}'`);
    }
    point = city;
  } else {
    const zipText = p.get("zipCode")!;
    if (!/^\d{5}(-\d{4})?$/.test(zipText)) {
      throw bad(
        `Invalid value for parameter 'zipCode': '${zipText}' (use a US ZIP code: 12345 or 12345-6789)`,
      );
    }
    const zip = zipText.slice(0, 5);
    city = zipPlace(g, zip);
    if (!city) {
      throw notFound(`No place for zipCode='${zip}'`);
    }
    point = city;
  }
  if (!city) {
    throw notFound("No place near the location");
  }

  const now = ctx.state.now().getTime();
  const offset = offsetForLongitude(city.lng);
  const scope: ReportScope = {
    ctx,
    g,
    city,
    point,
    units: u,
    now,
    offset,
    today: localMidnight(now, offset),
    place: placeBlock(g, city, point),
    oneObservation: oneObservation === "true",
    hourlyDate,
  };
  const result: Record<string, unknown> = {};
  for (const [name, product] of Object.entries(PRODUCTS)) {
    if (products.includes(name)) Object.assign(result, product(scope));
  }
  return json({ places: [result] });
}
