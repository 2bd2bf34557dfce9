/**
 * The typed response of the weather report (`GET /v3/report`):
 * {@linkcode DestinationWeatherResponse}, its `places` and the item types of
 * each product.
 *
 * HERE sends some numeric values as strings (`"humidity": "71"`,
 * `"comfort": "18.40"`) and the key names of some products are unverified,
 * so parsing is lenient: the product keys are matched case-insensitively in
 * every `places[]` element, and the numeric fields typed `number` below are
 * numbers whichever way they arrived. A numeric field whose value is not a
 * number (such as `"*"`) is left out of the typed item; `raw` keeps the body
 * exactly as HERE sent it.
 *
 * @module
 */

import { ApiResponse, type JsonResponse, type LatLngObject } from "@ls/core";
import type { WeatherType } from "./constants.ts";
import { isRecord, lazy } from "@ls/core/internal";

/** Postal address of a weather place. */
export interface WeatherAddress {
  /** ISO 3166-1 alpha-3 country code, e.g. `DEU`. */
  countryCode?: string;
  /** Country name. */
  countryName?: string;
  /** State or region. */
  state?: string;
  /** City. */
  city?: string;
}

/** The place an observation or forecast belongs to. */
export interface WeatherPlaceInfo {
  /** Its address. */
  address?: WeatherAddress;
  /** Its position. */
  location?: LatLngObject;
  /** Distance from the requested point (kilometres, judging by real values). */
  distance?: number;
}

/** A day-time indicator: `day`, `night`, or another value HERE sends. */
export type Daylight = "day" | "night" | (string & Record<never, never>);

/** Fields shared by observations and forecasts. */
export interface WeatherConditions {
  /** `day` or `night`. */
  daylight?: Daylight;
  /** Summary text, e.g. `Partly cloudy. Mild.` */
  description?: string;
  /** Sky condition code. */
  skyInfo?: number;
  /** Sky condition text. */
  skyDesc?: string;
  /** Temperature (°C, or °F with imperial units). */
  temperature?: number;
  /** Temperature text, e.g. `Mild`. */
  temperatureDesc?: string;
  /** Felt temperature. */
  comfort?: number;
  /** Relative humidity in percent. */
  humidity?: number;
  /** Dew point. */
  dewPoint?: number;
  /** Probability of precipitation in percent. */
  precipitationProbability?: number;
  /** Precipitation text. */
  precipitationDesc?: string;
  /** Rain fall. */
  rainFall?: number;
  /** Snow fall. */
  snowFall?: number;
  /** Wind speed. */
  windSpeed?: number;
  /** Wind direction in degrees. */
  windDirection?: number;
  /** Wind direction text, e.g. `West`. */
  windDesc?: string;
  /** Short wind direction text, e.g. `W`. */
  windDescShort?: string;
  /** Visibility. */
  visibility?: number;
  /** Icon code. */
  iconId?: number;
  /** Icon name. */
  iconName?: string;
  /** Icon URL. */
  iconLink?: string;
  /** Local time with offset, e.g. `2024-05-01T14:00:00+02:00`. */
  time?: string;
}

/** One current observation (product `observation`). */
export interface WeatherObservation extends WeatherConditions {
  /** The station's place. */
  place?: WeatherPlaceInfo;
  /** Today's high temperature. */
  highTemperature?: number;
  /** Today's low temperature. */
  lowTemperature?: number;
  /** UV index. */
  uvIndex?: number;
  /** UV index text. */
  uvDesc?: string;
  /** Barometric pressure. */
  barometerPressure?: number;
  /** Barometer trend text, e.g. `Steady`. */
  barometerTrend?: string;
  /** Age of the observation in minutes. */
  ageMinutes?: number;
  /** Number of active alerts. */
  activeAlerts?: number;
  /** Precipitation over the last 3 hours. */
  precipitation3H?: number;
  /** Precipitation over the last 6 hours. */
  precipitation6H?: number;
  /** Snow cover. */
  snowCover?: number;
}

/** One hourly forecast (product `forecastHourly`). */
export interface HourlyForecast extends WeatherConditions {
  /** Air quality code, as HERE sent it. */
  airInfo?: string | number;
  /** Air quality text. */
  airDesc?: string;
  /** Two-letter weekday, e.g. `mo`. */
  weekday?: string;
}

/** One daily forecast (products `forecast7daysSimple` and `forecast7days`). */
export interface DailyForecast extends WeatherConditions {
  /** High temperature. */
  highTemperature?: number;
  /** Low temperature. */
  lowTemperature?: number;
  /** Wind force on the Beaufort scale. */
  beaufortScale?: number;
  /** Beaufort text. */
  beaufortDesc?: string;
  /** UV index. */
  uvIndex?: number;
  /** UV index text. */
  uvDesc?: string;
  /** Barometric pressure. */
  barometerPressure?: number;
  /** Two-letter weekday, e.g. `tu`. */
  weekday?: string;
  /** Part of the day of an extended forecast (`forecast7days`), e.g. `morning`. */
  daySegment?: string;
}

/** One sun and moon forecast (product `forecastAstronomy`). */
export interface AstronomyForecast {
  /** Local clock time of sunrise, e.g. `05:30:00`. */
  sunRise?: string;
  /** Local clock time of sunset. */
  sunSet?: string;
  /** Local clock time of moonrise. */
  moonRise?: string;
  /** Local clock time of moonset. */
  moonSet?: string;
  /** Moon phase, 0 to 1 (sent as a string). */
  moonPhase?: number;
  /** Moon phase text, e.g. `Waxing gibbous`. */
  moonPhaseDescription?: string;
  /** Icon name. */
  iconName?: string;
  /** The day, e.g. `2024-05-01T00:00:00.000+02:00`. */
  time?: string;
}

/** The forecasts for one place. */
export interface ForecastLocation<T> {
  /** The place. */
  place?: WeatherPlaceInfo;
  /** The forecasts, in time order. */
  forecasts: T[];
}

/** A part of a day an alert applies to. */
export interface AlertTimeSegment {
  /** Part of the day, e.g. `afternoon`. */
  segment?: string;
  /** Two-letter weekday, e.g. `tu`. */
  weekday?: string;
}

/** One forecast alert (product `alerts`). */
export interface WeatherReportAlert {
  /** The place. */
  place?: WeatherPlaceInfo;
  /** When the alert applies; may be empty. */
  timeSegments: AlertTimeSegment[];
  /** Alert type code, see {@linkcode WeatherType}. */
  type?: WeatherType;
  /** Alert text. */
  description?: string;
}

/**
 * One element of the response's `places`, with each product's collection
 * found in it (empty when absent).
 */
export interface WeatherReportPlace {
  /** Product `observation`. */
  observations: WeatherObservation[];
  /** Product `forecastHourly`. */
  hourlyForecasts: ForecastLocation<HourlyForecast>[];
  /** Product `forecast7daysSimple`. */
  dailyForecasts: ForecastLocation<DailyForecast>[];
  /** Product `forecast7days` (key `extendedDailyForecasts`, any casing). */
  extendedDailyForecasts: ForecastLocation<DailyForecast>[];
  /** Product `forecastAstronomy`. */
  astronomyForecasts: ForecastLocation<AstronomyForecast>[];
  /** Product `alerts`. */
  alerts: WeatherReportAlert[];
  /** Product `nwsAlerts`, passed through as HERE sent it (shape unverified). */
  nwsAlerts?: unknown;
  /** The element exactly as HERE sent it, unknown keys included. */
  raw: Record<string, unknown>;
}

/** The body of a weather report, as HERE sends it. */
export interface DestinationWeatherBody {
  /** One or more elements holding the product collections. */
  places?: Record<string, unknown>[];
}

/**
 * The response of {@linkcode getDestWeather}: `places` as HERE sent them,
 * typed per product, and each product's items gathered across all places
 * (`observations`, `hourlyForecasts`, ...), because where HERE puts each
 * product when several are requested is unverified.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DestinationWeatherResponse } from "@ls/weather";
 * const res = new DestinationWeatherResponse({
 *   body: { places: [{ observations: [{ temperature: 18, humidity: "71" }] }] },
 * });
 * assert.equal(res.observations[0].humidity, 71); // numeric strings become numbers
 * assert.deepEqual(res.places[0].hourlyForecasts, []);
 * ```
 */
export class DestinationWeatherResponse
  extends ApiResponse<DestinationWeatherBody> {
  /** Every `places[]` element, typed. */
  readonly places: WeatherReportPlace[];
  /** Observations of all places. */
  readonly observations: WeatherObservation[];
  /** Hourly forecasts of all places. */
  readonly hourlyForecasts: ForecastLocation<HourlyForecast>[];
  /** Daily forecasts (`forecast7daysSimple`) of all places. */
  readonly dailyForecasts: ForecastLocation<DailyForecast>[];
  /** Extended daily forecasts (`forecast7days`) of all places. */
  readonly extendedDailyForecasts: ForecastLocation<DailyForecast>[];
  /** Astronomy forecasts of all places. */
  readonly astronomyForecasts: ForecastLocation<AstronomyForecast>[];
  /** Alerts (product `alerts`) of all places. */
  readonly alerts: WeatherReportAlert[];

  /** Wraps a parsed report. */
  constructor(
    response: Pick<
      JsonResponse<DestinationWeatherBody>,
      "body" | "correlationId" | "requestId"
    >,
  ) {
    super(response);
    const places = Array.isArray(this.raw?.places) ? this.raw.places : [];
    this.places = places.filter(isRecord).map(parsePlace);
    this.observations = this.places.flatMap((p) => p.observations);
    this.hourlyForecasts = this.places.flatMap((p) => p.hourlyForecasts);
    this.dailyForecasts = this.places.flatMap((p) => p.dailyForecasts);
    this.extendedDailyForecasts = this.places.flatMap((p) =>
      p.extendedDailyForecasts
    );
    this.astronomyForecasts = this.places.flatMap((p) => p.astronomyForecasts);
    this.alerts = this.places.flatMap((p) => p.alerts);
  }
}

// ------------------------------------------------------------ lenient parsing

/** Product keys, lower-cased, and the collection each one fills. */
const PRODUCT_KEYS = {
  observations: "observations",
  hourlyforecasts: "hourlyForecasts",
  dailyforecasts: "dailyForecasts",
  extendeddailyforecasts: "extendedDailyForecasts",
  astronomyforecasts: "astronomyForecasts",
  alerts: "alerts",
} as const;

type Collection = (typeof PRODUCT_KEYS)[keyof typeof PRODUCT_KEYS];

/** Fields typed `number` that HERE may send as numeric strings. */
const numericFields = /* @__PURE__ */ lazy(() =>
  new Set([
    "temperature",
    "comfort",
    "highTemperature",
    "lowTemperature",
    "humidity",
    "dewPoint",
    "precipitationProbability",
    "precipitation1H",
    "precipitation3H",
    "precipitation6H",
    "precipitation12H",
    "precipitation24H",
    "rainFall",
    "snowFall",
    "snowCover",
    "windSpeed",
    "windDirection",
    "uvIndex",
    "barometerPressure",
    "visibility",
    "iconId",
    "ageMinutes",
    "activeAlerts",
    "skyInfo",
    "beaufortScale",
    "moonPhase",
  ])
);

const NUMERIC_TEXT = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** A number, or a numeric string as a number; anything else `undefined`. */
function lenientNumber(value: unknown): number | undefined {
  if (typeof value === "number") {
    return Number.isFinite(value) ? value : undefined;
  }
  if (typeof value === "string" && NUMERIC_TEXT.test(value)) {
    return Number(value);
  }
  return undefined;
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** A copy with the numeric fields as numbers (unparseable ones left out). */
function withNumbers(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const numeric = numericFields();
  for (const [key, value] of Object.entries(item)) {
    if (numeric.has(key)) {
      const n = lenientNumber(value);
      if (n !== undefined) out[key] = n;
    } else out[key] = value;
  }
  if (isRecord(item.place)) out.place = parsePlaceInfo(item.place);
  return out;
}

function parsePlaceInfo(place: Record<string, unknown>): WeatherPlaceInfo {
  const out: WeatherPlaceInfo = { ...place };
  if ("distance" in place) {
    const d = lenientNumber(place.distance);
    if (d === undefined) delete out.distance;
    else out.distance = d;
  }
  if (isRecord(place.location)) {
    const lat = lenientNumber(place.location.lat);
    const lng = lenientNumber(place.location.lng);
    if (lat !== undefined && lng !== undefined) {
      out.location = { ...place.location, lat, lng };
    } else delete out.location;
  }
  return out;
}

function parseForecastLocations<T>(
  value: unknown,
): ForecastLocation<T>[] {
  return records(value).map((entry) => {
    const out: ForecastLocation<T> = {
      ...entry,
      forecasts: records(entry.forecasts).map((f) => withNumbers(f) as T),
    };
    if (isRecord(entry.place)) out.place = parsePlaceInfo(entry.place);
    return out;
  });
}

function parseAlert(entry: Record<string, unknown>): WeatherReportAlert {
  const out: WeatherReportAlert = {
    ...entry,
    timeSegments: records(entry.timeSegments),
  };
  if ("type" in entry) {
    const type = lenientNumber(entry.type);
    if (type === undefined) delete out.type;
    else out.type = type;
  }
  if (isRecord(entry.place)) out.place = parsePlaceInfo(entry.place);
  return out;
}

function parsePlace(raw: Record<string, unknown>): WeatherReportPlace {
  const found: Record<Collection, unknown[]> = {
    observations: [],
    hourlyForecasts: [],
    dailyForecasts: [],
    extendedDailyForecasts: [],
    astronomyForecasts: [],
    alerts: [],
  };
  let nws: [unknown] | undefined;
  for (const [key, value] of Object.entries(raw)) {
    const lower = key.toLowerCase();
    if (lower === "nwsalerts") {
      nws = [value];
      continue;
    }
    const collection = PRODUCT_KEYS[lower as keyof typeof PRODUCT_KEYS];
    if (collection && Array.isArray(value)) found[collection].push(...value);
  }
  const place: WeatherReportPlace = {
    observations: records(found.observations).map((o) =>
      withNumbers(o) as WeatherObservation
    ),
    hourlyForecasts: parseForecastLocations(found.hourlyForecasts),
    dailyForecasts: parseForecastLocations(found.dailyForecasts),
    extendedDailyForecasts: parseForecastLocations(
      found.extendedDailyForecasts,
    ),
    astronomyForecasts: parseForecastLocations(found.astronomyForecasts),
    alerts: records(found.alerts).map(parseAlert),
    raw,
  };
  if (nws) place.nwsAlerts = nws[0];
  return place;
}
