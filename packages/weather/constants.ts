/**
 * Named values of Destination Weather v3: report products, units, and the
 * numeric alert severity and alert type codes. Products and units are
 * HERE's documented closed sets (a typo fails type-checking, and at run
 * time the error lists the allowed values); a product HERE adds later goes
 * through the `query` request option. The severity and type codes come from
 * HERE's reference client only, so they stay open: any other integer code
 * passes through.
 *
 * @module
 */

import type { NamedValues } from "@ls/core";
import { namedValues } from "@ls/core/internal";

/**
 * The names of {@linkcode DestWeatherProduct}, in HERE's order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEST_WEATHER_PRODUCTS, DestWeatherProduct } from "@ls/weather";
 * assert.deepEqual(Object.keys(DestWeatherProduct), [...DEST_WEATHER_PRODUCTS]);
 * ```
 */
export const DEST_WEATHER_PRODUCTS = [
  "observation",
  "forecast7days",
  "forecast7daysSimple",
  "forecastHourly",
  "forecastAstronomy",
  "alerts",
  "nwsAlerts",
] as const;

/**
 * Products of the weather report (`products=` of `GET /v3/report`).
 *
 * | Constant | Report |
 * |---|---|
 * | `observation` | current conditions from stations near the location |
 * | `forecast7days` | morning, afternoon, evening and night forecasts for seven days |
 * | `forecast7daysSimple` | one forecast per day for seven days |
 * | `forecastHourly` | hourly forecasts for seven days |
 * | `forecastAstronomy` | sun and moon rise and set, moon phase |
 * | `alerts` | forecast weather alerts for the next 24 hours |
 * | `nwsAlerts` | US National Weather Service watches and warnings |
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DestWeatherProduct } from "@ls/weather";
 * const products = [DestWeatherProduct.observation, DestWeatherProduct.forecastHourly];
 * assert.deepEqual(products, ["observation", "forecastHourly"]);
 * ```
 */
export const DestWeatherProduct: NamedValues<typeof DEST_WEATHER_PRODUCTS> =
  /* @__PURE__ */ namedValues(DEST_WEATHER_PRODUCTS);

/**
 * A report product, one of HERE's documented set. To ask for one HERE adds
 * later, send the whole list through the `query` request option
 * (`{ query: { products: "observation,newProduct" } }`): it takes the place
 * of `products`.
 */
export type DestWeatherProduct =
  (typeof DestWeatherProduct)[keyof typeof DestWeatherProduct];

/**
 * Units of the weather report (`units=`): `metric` (HERE's default) or
 * `imperial`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DestWeatherUnits } from "@ls/weather";
 * assert.equal(DestWeatherUnits.imperial, "imperial");
 * ```
 */
export const DestWeatherUnits: NamedValues<["metric", "imperial"]> =
  /* @__PURE__ */ namedValues(["metric", "imperial"]);

/** A report unit system. */
export type DestWeatherUnits =
  (typeof DestWeatherUnits)[keyof typeof DestWeatherUnits];

/**
 * A code of the open set behind the constant `T`: one of its known codes, or
 * any other integer HERE adds. Editors still suggest the known ones.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type OpenCode, WeatherType } from "@ls/weather";
 * const types: OpenCode<typeof WeatherType>[] = [WeatherType.fog, 30];
 * assert.deepEqual(types, [3, 30]);
 * ```
 */
export type OpenCode<T> = T[keyof T] | (number & Record<never, never>);

/**
 * Severity codes of weather alerts (the `severity` filter of
 * `POST /v3/alerts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WeatherSeverity } from "@ls/weather";
 * assert.equal(WeatherSeverity.insignificant, 0); // sent too, never dropped
 * assert.equal(WeatherSeverity.high, 4);
 * ```
 */
export const WeatherSeverity: {
  readonly insignificant: 0;
  readonly noAlerts: 1;
  readonly minor: 2;
  readonly medium: 3;
  readonly high: 4;
  readonly emergency: 5;
} = {
  insignificant: 0,
  noAlerts: 1,
  minor: 2,
  medium: 3,
  high: 4,
  emergency: 5,
};

/** A severity code: a known one, or any other code HERE adds. */
export type WeatherSeverity = OpenCode<typeof WeatherSeverity>;

/**
 * Weather alert type codes: the `type` filter of `POST /v3/alerts` and the
 * `type` of entries of the `alerts` report product.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WeatherType } from "@ls/weather";
 * assert.equal(WeatherType.thunderstorm, 7);
 * assert.equal(WeatherType.highUvIndex, 18);
 * ```
 */
export const WeatherType: {
  readonly extremelyHighTemperature: 1;
  readonly extremelyLowTemperature: 2;
  readonly fog: 3;
  readonly ice: 4;
  readonly rain: 5;
  readonly snow: 6;
  readonly thunderstorm: 7;
  readonly wind: 8;
  readonly airQuality: 9;
  readonly volcanicAshfall: 10;
  readonly avalanche: 11;
  readonly tsunami: 12;
  readonly dustStorm: 13;
  readonly earthquake: 14;
  readonly fireDanger: 15;
  readonly flood: 16;
  readonly highWaves: 17;
  readonly highUvIndex: 18;
  readonly lowWater: 19;
  readonly smoke: 20;
  readonly volcano: 21;
  readonly iceInWaterway: 22;
  readonly coastalEvent: 23;
  readonly civilDanger: 24;
  readonly evacuation: 25;
  readonly hazardousMaterial: 26;
  readonly radiologicalHazard: 27;
  readonly shelterInPlace: 28;
  readonly warning: 29;
} = {
  extremelyHighTemperature: 1,
  extremelyLowTemperature: 2,
  fog: 3,
  ice: 4,
  rain: 5,
  snow: 6,
  thunderstorm: 7,
  wind: 8,
  airQuality: 9,
  volcanicAshfall: 10,
  avalanche: 11,
  tsunami: 12,
  dustStorm: 13,
  earthquake: 14,
  fireDanger: 15,
  flood: 16,
  highWaves: 17,
  highUvIndex: 18,
  lowWater: 19,
  smoke: 20,
  volcano: 21,
  iceInWaterway: 22,
  coastalEvent: 23,
  civilDanger: 24,
  evacuation: 25,
  hazardousMaterial: 26,
  radiologicalHazard: 27,
  shelterInPlace: 28,
  warning: 29,
};

/** An alert type code: a known one, or any other code HERE adds. */
export type WeatherType = OpenCode<typeof WeatherType>;
