// How Destination Weather writes conditions: units, the fields every
// observation and forecast shares, the place block, local days and their
// segments.

import type { Ctx } from "./_http.ts";
import { type City, type Gazetteer, US_STATES } from "./_gazetteer.ts";
import { round } from "./_util.ts";
import {
  comfort,
  type Conditions,
  conditionsAt,
  sky,
  temperatureDesc,
  windDesc,
} from "./_weather_model.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";

/** One hour, ms. */
export const HOUR = 3_600_000;

/** One day, ms. */
export const DAY = 86_400_000;

/** HERE's weekday names, Sunday first. */
export const WEEKDAYS: readonly string[] = [
  "su",
  "mo",
  "tu",
  "we",
  "th",
  "fr",
  "sa",
];

/** The segments of a day and the local hour each is reported at. */
export const DAY_SEGMENTS: readonly (readonly [string, number])[] = [
  ["morning", 9],
  ["afternoon", 15],
  ["evening", 20],
  ["night", 26],
];

/** The unit system of a report. */
export interface Units {
  /** °F, mph, miles, inHg and inches instead of °C, km/h, km, hPa and mm. */
  imperial: boolean;
}

/** A temperature (°C) in the report's units. */
export const temp = (c: number, u: Units): number =>
  round(u.imperial ? c * 9 / 5 + 32 : c, 1);

/** A pressure (hPa) in the report's units. */
export const pressure = (hpa: number, u: Units): number =>
  round(u.imperial ? hpa * 0.02953 : hpa, u.imperial ? 2 : 1);

/** A precipitation amount (mm) in the report's units. */
export const amount = (mm: number, u: Units): number =>
  round(u.imperial ? mm / 25.4 : mm, 2);

const speed = (kmh: number, u: Units) =>
  round(u.imperial ? kmh / 1.609344 : kmh, 1);
const dist = (km: number, u: Units) =>
  round(u.imperial ? km / 1.609344 : km, 1);

function iconLink(ctx: Ctx, id: number): string {
  return `${ctx.origin}/static/weather/icon/${id}.png`;
}

/** The shared fields of an observation or forecast entry. */
export function describe(
  ctx: Ctx,
  c: Conditions,
  u: Units,
): Record<string, unknown> {
  const s = sky(c);
  const [wind, windShort] = windDesc(c.windDirection);
  const out: Record<string, unknown> = {
    daylight: c.day ? "day" : "night",
    description: `${s.skyDesc}. ${temperatureDesc(c.temperature)}.`,
    skyInfo: s.skyInfo,
    skyDesc: s.skyDesc,
    temperature: temp(c.temperature, u),
    temperatureDesc: temperatureDesc(c.temperature),
    comfort: temp(comfort(c), u).toFixed(2),
    humidity: String(Math.round(c.humidity)),
    dewPoint: temp(c.dewPoint, u),
    precipitationProbability: c.precipitationProbability,
    precipitationDesc: s.precipitationDesc,
    windSpeed: speed(c.windSpeed, u),
    windDirection: Math.round(c.windDirection),
    windDesc: wind,
    windDescShort: windShort,
    visibility: dist(c.visibility, u),
    iconId: s.iconId,
    iconName: s.iconName,
    iconLink: iconLink(ctx, s.iconId),
  };
  if (c.rain > 0) out.rainFall = amount(c.rain, u);
  if (c.snow > 0) out.snowFall = amount(c.snow, u);
  return out;
}

/** The `place` block of a report entry: the place and its distance from `from`. */
export function placeBlock(
  g: Gazetteer,
  city: City,
  from: LatLngLike,
): Record<string, unknown> {
  const country = g.country(city.country);
  const address: Record<string, string> = {
    countryCode: country?.cca3 ?? city.country,
    countryName: country?.name ?? city.country,
  };
  if (city.country === "US" && US_STATES[city.adminCode]) {
    address.state = US_STATES[city.adminCode];
  }
  address.city = g.parentCity(city).name;
  return {
    address,
    location: { lat: city.lat, lng: city.lng },
    distance: round(haversineMeters(from, city) / 1000, 2),
  };
}

/** Local midnight (UTC ms) of the day containing `ms` at `offset` minutes. */
export function localMidnight(ms: number, offset: number): number {
  return Math.floor((ms + offset * 60_000) / DAY) * DAY - offset * 60_000;
}

/** The highest and lowest temperature (°C) of the day from `midnight`. */
export function dailyExtremes(
  lat: number,
  lng: number,
  midnight: number,
): { high: number; low: number } {
  let high = -Infinity, low = Infinity;
  for (let h = 0; h < 24; h += 2) {
    const t = conditionsAt(lat, lng, midnight + h * HOUR).temperature;
    high = Math.max(high, t);
    low = Math.min(low, t);
  }
  return { high, low };
}

/** HERE's name of a moon phase (0 new, 0.5 full). */
export function moonPhaseDescription(phase: number): string {
  if (phase < 0.03 || phase >= 0.97) return "New moon";
  if (phase < 0.22) return "Waxing crescent";
  if (phase < 0.28) return "First quarter";
  if (phase < 0.47) return "Waxing gibbous";
  if (phase < 0.53) return "Full moon";
  if (phase < 0.72) return "Waning gibbous";
  if (phase < 0.78) return "Last quarter";
  return "Waning crescent";
}
