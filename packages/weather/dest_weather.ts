/**
 * {@linkcode getDestWeather}: the Destination Weather v3 report
 * (`GET /v3/report`) — observations, forecasts, astronomy and alerts for a
 * position, a place name or a US ZIP code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildDestWeatherRequest } from "@ls/weather";
 * const spec = buildDestWeatherRequest({ products: ["observation"], zipcode: "10025" });
 * assert.equal(spec.path, "/v3/report");
 * assert.equal(spec.query?.toString(), "products=observation&zipCode=10025");
 * ```
 *
 * @module
 */

import { Query, ValueError } from "@ls/core";
import type { Client, LatLngLike, RequestOptions, RequestSpec } from "@ls/core";
import {
  checkKeys,
  checkParams,
  formatBoolean,
  formatPoint,
  scrubbing,
  validateLanguages,
} from "@ls/core/internal";
import { DestWeatherProduct, DestWeatherUnits } from "./constants.ts";
import { DestinationWeatherResponse } from "./dest_weather_response.ts";
import type { DestinationWeatherBody } from "./dest_weather_response.ts";

/** Parameters of {@linkcode getDestWeather}. Give exactly one of `at`, `query`, `zipcode`. */
export interface DestWeatherParams {
  /**
   * The reports to get, at least one; see {@linkcode DestWeatherProduct}.
   * Any other name is refused (a typo fails type-checking); a product HERE
   * adds later goes through the `query` request option, whose `products`
   * takes the place of this list.
   */
  products: readonly DestWeatherProduct[];
  /**
   * The position, any point form: `[lat, lng]`, `{ lat, lng }` (a
   * response's `position` or `location`), a GeoJSON `Point` or `Feature`
   * (sent as `location=lat,lng`).
   */
  at?: LatLngLike;
  /** A free-text place name, e.g. `"Chicago"` (sent as `q=`). */
  query?: string;
  /** A US ZIP code, `12345` or `12345-6789` (sent as `zipCode=`). */
  zipcode?: string;
  /**
   * The day of the hourly forecasts, sent as `hourlyDate=YYYY-MM-DD`; HERE's
   * default when omitted. A string must be a real calendar date written
   * `YYYY-MM-DD` (`"2024-02-30"` is refused). A `Date` stands for the
   * calendar date it shows in the runtime's **local** time zone (its
   * `getFullYear()`, `getMonth()` and `getDate()`), so
   * `new Date(2024, 4, 1, 0, 30)` is 2024-05-01 in every time zone, even
   * where that instant is still 30 April in UTC. Beware that
   * `new Date("2024-05-01")` is UTC midnight, which is 30 April west of
   * Greenwich: for a fixed day, pass the string (a `Temporal.PlainDate`'s
   * `toString()` is one).
   */
  hourlyDate?: Date | string;
  /**
   * `true` asks for the closest observation only; needs the `observation`
   * product.
   */
  oneObservation?: boolean;
  /** Language of the texts, a BCP 47 tag such as `de` or `en-US` (sent as `lang=`). */
  language?: string;
  /** `metric` (HERE's default) or `imperial`. */
  units?: DestWeatherUnits;
}

const DEST_WEATHER_KEYS = Object.keys(
  {
    products: 0,
    at: 0,
    query: 0,
    zipcode: 0,
    hourlyDate: 0,
    oneObservation: 0,
    language: 0,
    units: 0,
  } satisfies Record<keyof DestWeatherParams, 0>,
);

/**
 * HERE's wire names (and the Python client's) that {@linkcode getDestWeather}
 * takes under another name: given as a parameter, each is refused naming
 * ours.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEST_WEATHER_WIRE_NAMES } from "@ls/weather";
 * assert.equal(DEST_WEATHER_WIRE_NAMES.location, "at");
 * ```
 */
export const DEST_WEATHER_WIRE_NAMES: Readonly<Record<string, string>> = {
  location: "at",
  q: "query",
  zipCode: "zipcode",
  lang: "language",
  one_observation: "oneObservation",
  hourly_date: "hourlyDate",
};

const ZIP = /^\d{5}(?:-\d{4})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The request {@linkcode getDestWeather} sends, validated: `GET /v3/report`
 * on the weather host with `products`, one of `location` / `q` / `zipCode`,
 * and the optional `hourlyDate`, `oneObservation`, `lang` and `units`, in
 * that order. Pass it to `client.request` for the raw `Response`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildDestWeatherRequest, DestWeatherProduct } from "@ls/weather";
 * const spec = buildDestWeatherRequest({
 *   products: [DestWeatherProduct.observation, DestWeatherProduct.forecastHourly],
 *   at: [52.5308, 13.3847],
 *   oneObservation: true,
 *   hourlyDate: "2024-05-01",
 * });
 * assert.equal(spec.service, "weather");
 * assert.equal(
 *   spec.query?.toString(),
 *   "products=observation,forecastHourly&location=52.5308,13.3847&hourlyDate=2024-05-01&oneObservation=true",
 * );
 * // A Date is the day its local calendar shows: 1 May, in any time zone.
 * const halfPastMidnight = new Date(2024, 4, 1, 0, 30);
 * const local = buildDestWeatherRequest({ products: ["forecastHourly"], query: "Chicago", hourlyDate: halfPastMidnight });
 * assert.equal(local.query?.toString(), "products=forecastHourly&q=Chicago&hourlyDate=2024-05-01");
 * assert.throws(
 *   () => buildDestWeatherRequest({ products: ["observation"], zipCode: "10025" } as never),
 *   { message: 'Invalid zipCode: is not a parameter of getDestWeather; did you mean "zipcode"? (our name for zipCode)' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of getDestWeather,
 * when `products` is empty, none of `at`, `query`, `zipcode` is given (or
 * more than one), `oneObservation` is true without the `observation`
 * product, the coordinates are out of range, or another value is malformed
 */
export function buildDestWeatherRequest(
  params: DestWeatherParams,
  options?: Pick<RequestOptions, "query">,
): RequestSpec {
  checkParams(params);
  checkKeys(params, DEST_WEATHER_KEYS, {
    operation: "getDestWeather",
    wireNames: DEST_WEATHER_WIRE_NAMES,
  });
  const products = validateProducts(params.products);
  // A list in options.query takes the place of ours: the way to ask for a
  // product HERE added after this client's closed set.
  const query = new Query().set(
    "products",
    options?.query && Object.hasOwn(options.query, "products")
      ? undefined
      : products,
  );

  const given = (["at", "query", "zipcode"] as const).filter((k) =>
    params[k] !== undefined
  );
  if (given.length === 0) {
    throw new ValueError("at", "one of at, query or zipcode is required");
  }
  if (given.length > 1) {
    throw new ValueError(
      given[1],
      `cannot be combined with ${
        given[0]
      }; give exactly one of at, query or zipcode`,
      params[given[1]],
    );
  }
  if (params.at !== undefined) {
    query.setStructured("location", formatPoint(params.at, "at"));
  } else if (params.query !== undefined) {
    if (typeof params.query !== "string" || params.query.trim() === "") {
      throw new ValueError("query", "must be a non-empty string", params.query);
    }
    query.set("q", params.query);
  } else {
    if (typeof params.zipcode !== "string" || !ZIP.test(params.zipcode)) {
      throw new ValueError(
        "zipcode",
        "must be a US ZIP code such as 10025 or 10025-1234",
        params.zipcode,
      );
    }
    query.set("zipCode", params.zipcode);
  }

  if (params.hourlyDate !== undefined) {
    query.set("hourlyDate", formatHourlyDate(params.hourlyDate));
  }
  if (params.oneObservation !== undefined) {
    const one = formatBoolean(params.oneObservation, "oneObservation");
    if (
      params.oneObservation &&
      !products.includes(DestWeatherProduct.observation)
    ) {
      throw new ValueError(
        "oneObservation",
        'needs the "observation" product in products',
        params.oneObservation,
      );
    }
    query.set("oneObservation", one);
  }
  if (params.language !== undefined) {
    if (typeof params.language !== "string") {
      throw new ValueError(
        "language",
        "must be a BCP 47 language tag such as en-US",
        params.language,
      );
    }
    query.set("lang", validateLanguages(params.language, "language")[0]);
  }
  if (params.units !== undefined) {
    if (!UNITS.includes(params.units)) {
      throw new ValueError(
        "units",
        `must be one of ${listed(UNITS)}`,
        params.units,
      );
    }
    query.set("units", params.units);
  }
  return { service: "weather", method: "GET", path: "/v3/report", query };
}

/**
 * Gets a weather report: current observations, hourly and daily forecasts,
 * sun and moon times, or alerts, for one location.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { DestWeatherProduct, getDestWeather } from "@ls/weather";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await getDestWeather(client, {
 *   products: [DestWeatherProduct.observation, DestWeatherProduct.forecastAstronomy],
 *   at: [52.5308, 13.3847],
 *   oneObservation: true,
 * });
 * assert.equal(res.observations.length, 1);
 * assert.equal(typeof res.observations[0].temperature, "number");
 * assert.equal(res.astronomyForecasts[0].place?.address?.city, "Berlin");
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildDestWeatherRequest}
 * @throws {ApiError} when HERE answers with an error
 */
export async function getDestWeather(
  client: Client,
  params: DestWeatherParams,
  options?: RequestOptions,
): Promise<DestinationWeatherResponse> {
  const spec = scrubbing(
    client,
    () => buildDestWeatherRequest(params, options),
  );
  return new DestinationWeatherResponse(
    await client.requestJson<DestinationWeatherBody>(spec, options),
  );
}

const PRODUCTS: readonly unknown[] = Object.values(DestWeatherProduct);
const UNITS: readonly unknown[] = Object.values(DestWeatherUnits);

/** `"a", "b"`: the allowed values as an error message lists them. */
function listed(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(", ");
}

function validateProducts(products: unknown): string[] {
  if (!Array.isArray(products) || products.length === 0) {
    throw new ValueError(
      "products",
      "must be a non-empty array of product identifiers",
      products,
    );
  }
  // Array.from visits every index, holes included (forEach skips them).
  return Array.from(products, (p: unknown, i) => {
    if (!PRODUCTS.includes(p)) {
      throw new ValueError(
        `products[${i}]`,
        `must be one of ${
          listed(PRODUCTS)
        } (a product HERE adds later goes through the query option)`,
        p,
      );
    }
    return p as string;
  });
}

/**
 * `YYYY-MM-DD`: a `Date`'s local calendar date (never through UTC, which
 * would move a date near midnight to the day before or after), or a
 * validated date string.
 */
function formatHourlyDate(value: Date | string): string {
  // Any Date, from this realm or another (a vm context, an iframe); an
  // object that only inherits from Date.prototype has no time and fails.
  if (Object.prototype.toString.call(value) === "[object Date]") {
    let parts: number[];
    try {
      const d = value as Date;
      parts = [
        Date.prototype.getFullYear.call(d),
        Date.prototype.getMonth.call(d) + 1,
        Date.prototype.getDate.call(d),
      ];
    } catch {
      parts = [NaN];
    }
    const [year, month, day] = parts;
    if (Number.isNaN(year) || year < 0 || year > 9999) {
      throw new ValueError(
        "hourlyDate",
        "must be a valid Date in the years 0 to 9999",
      );
    }
    const pad = (n: number, width = 2) => String(n).padStart(width, "0");
    return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  }
  const m = typeof value === "string" ? DATE.exec(value) : null;
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    // setUTCFullYear, not Date.UTC: that maps the years 0 to 99 to 1900s.
    const check = new Date(0);
    check.setUTCFullYear(y, mo - 1, d);
    if (
      check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 &&
      check.getUTCDate() === d
    ) {
      return value as string;
    }
  }
  throw new ValueError(
    "hourlyDate",
    "must be a Date or a calendar date as YYYY-MM-DD",
    value,
  );
}
