// The products of Destination Weather's `GET /v3/report`: observations,
// hourly, daily and extended daily forecasts, astronomy, and alerts (also
// as US NWS warnings), each computed from the weather model.

import type { Ctx } from "./_http.ts";
import { type City, type Gazetteer, US_STATES } from "./_gazetteer.ts";
import { formatClock, formatTime, hash32, localParts } from "./_util.ts";
import {
  amount,
  dailyExtremes,
  DAY,
  DAY_SEGMENTS,
  describe,
  HOUR,
  localMidnight,
  moonPhaseDescription,
  placeBlock,
  pressure,
  temp,
  type Units,
  WEEKDAYS,
} from "./_weather_format.ts";
import {
  alertsFor,
  beaufort,
  conditionsAt,
  moonPhase,
  sunTimes,
  uvDesc,
} from "./_weather_model.ts";
import type { LatLngLike } from "./geodesy.ts";

/** What the products of one report are computed from. */
export interface ReportScope {
  /** The request. */
  ctx: Ctx;
  /** The gazetteer. */
  g: Gazetteer;
  /** The place reported on. */
  city: City;
  /** The position asked about (distances are measured from it). */
  point: LatLngLike;
  /** The unit system. */
  units: Units;
  /** The sandbox clock, ms. */
  now: number;
  /** The place's UTC offset, minutes. */
  offset: number;
  /** Local midnight of today, ms. */
  today: number;
  /** The place block of the report's place. */
  place: Record<string, unknown>;
  /** `oneObservation=true`: one observation, at the place itself. */
  oneObservation: boolean;
  /** `hourlyDate`: one day of hourly forecasts instead of seven. */
  hourlyDate?: string;
}

/** The product fields a report adds to its place entry. */
type Product = (r: ReportScope) => Record<string, unknown>;

function observations(r: ReportScope): Record<string, unknown>[] {
  const { g, city, point, now, offset, units: u } = r;
  const stations = r.oneObservation
    ? [city]
    : g.nearest(point, 3, undefined, 60_000).map((h) => h.city);
  if (stations.length === 0) stations.push(city);
  return stations.map((station) => {
    const age = 5 + (hash32("age", station.id, Math.floor(now / HOUR)) % 40);
    const at = Math.floor((now - age * 60_000) / 60_000) * 60_000;
    const c = conditionsAt(station.lat, station.lng, at);
    const ext = dailyExtremes(
      station.lat,
      station.lng,
      localMidnight(at, offset),
    );
    const earlier =
      conditionsAt(station.lat, station.lng, at - 3 * HOUR).pressure;
    const s = describe(r.ctx, c, u);
    return {
      place: placeBlock(g, station, point),
      ...s,
      highTemperature: temp(Math.max(ext.high, c.temperature), u).toFixed(2),
      lowTemperature: temp(Math.min(ext.low, c.temperature), u).toFixed(2),
      uvIndex: c.uvIndex,
      uvDesc: uvDesc(c.uvIndex),
      barometerPressure: pressure(c.pressure, u),
      barometerTrend: c.pressure - earlier > 0.8
        ? "Rising"
        : c.pressure - earlier < -0.8
        ? "Falling"
        : "Steady",
      ageMinutes: age,
      activeAlerts: alertsFor(c).length,
      precipitation3H: amount((c.rain + c.snow) * 3, u),
      precipitation6H: amount((c.rain + c.snow) * 6, u),
      snowCover: c.snow > 0 || c.temperature < -5
        ? amount(Math.max(0, -c.temperature) * 8, u)
        : 0,
      time: formatTime(at, offset),
    };
  });
}

function hourlyForecasts(r: ReportScope): Record<string, unknown>[] {
  const { city, offset } = r;
  let start = Math.floor(r.now / HOUR) * HOUR;
  let count = 168;
  if (r.hourlyDate !== undefined) {
    const [date, clock] = r.hourlyDate.split("T");
    const [y, m, d] = date.split("-").map(Number);
    start = Date.UTC(y, m - 1, d) - offset * 60_000;
    if (clock) start += Number(clock.slice(0, 2)) * HOUR;
    count = 24;
  }
  const forecasts = [];
  for (let i = 0; i < count; i++) {
    const at = start + i * HOUR;
    const c = conditionsAt(city.lat, city.lng, at);
    const humid = c.humidity;
    forecasts.push({
      ...describe(r.ctx, c, r.units),
      airInfo: humid > 80 ? 4 : humid > 60 ? 3 : humid > 35 ? 2 : 1,
      airDesc: humid > 80
        ? "Humid"
        : humid > 60
        ? "Comfortable"
        : humid > 35
        ? "Pleasant"
        : "Dry",
      weekday: WEEKDAYS[localParts(at, offset).weekday],
      time: formatTime(at, offset),
    });
  }
  return forecasts;
}

function dailyForecasts(r: ReportScope): Record<string, unknown>[] {
  const { city, offset, units: u } = r;
  const forecasts = [];
  for (let day = 0; day < 7; day++) {
    const midnight = r.today + day * DAY;
    const c = conditionsAt(city.lat, city.lng, midnight + 14 * HOUR);
    const ext = dailyExtremes(city.lat, city.lng, midnight);
    const [bf, bfDesc] = beaufort(c.windSpeed);
    const entry = describe(r.ctx, { ...c, day: true }, u);
    delete entry.visibility;
    delete entry.temperature;
    forecasts.push({
      ...entry,
      highTemperature: temp(ext.high, u).toFixed(2),
      lowTemperature: temp(ext.low, u).toFixed(2),
      beaufortScale: bf,
      beaufortDesc: bfDesc,
      uvIndex: c.uvIndex,
      uvDesc: uvDesc(c.uvIndex),
      barometerPressure: pressure(c.pressure, u),
      weekday: WEEKDAYS[localParts(midnight, offset).weekday],
      time: formatTime(midnight, offset),
    });
  }
  return forecasts;
}

function extendedDailyForecasts(r: ReportScope): Record<string, unknown>[] {
  const { city, offset } = r;
  const forecasts = [];
  for (let day = 0; day < 7; day++) {
    const midnight = r.today + day * DAY;
    for (const [segment, hour] of DAY_SEGMENTS) {
      const at = midnight + hour * HOUR;
      const c = conditionsAt(city.lat, city.lng, at);
      const [bf, bfDesc] = beaufort(c.windSpeed);
      forecasts.push({
        daySegment: segment,
        weekday: WEEKDAYS[localParts(midnight, offset).weekday],
        ...describe(r.ctx, c, r.units),
        beaufortScale: bf,
        beaufortDesc: bfDesc,
        uvIndex: c.uvIndex,
        uvDesc: uvDesc(c.uvIndex),
        barometerPressure: pressure(c.pressure, r.units),
        time: formatTime(at, offset),
      });
    }
  }
  return forecasts;
}

function astronomyForecasts(r: ReportScope): Record<string, unknown>[] {
  const { city, offset } = r;
  const forecasts = [];
  for (let day = 0; day < 7; day++) {
    const midnight = r.today + day * DAY;
    const sun = sunTimes(city.lat, city.lng, midnight + 12 * HOUR);
    const phase = moonPhase(midnight + 12 * HOUR);
    const lunarShift = phase * 24.84 * HOUR;
    const moonRise = (sun?.rise ?? midnight + 6 * HOUR) + lunarShift;
    const moonSet = moonRise + 12.42 * HOUR;
    const desc = moonPhaseDescription(phase);
    forecasts.push({
      ...(sun
        ? {
          sunRise: formatClock(sun.rise, offset),
          sunSet: formatClock(sun.set, offset),
        }
        : {}),
      moonRise: formatClock(moonRise, offset),
      moonSet: formatClock(moonSet, offset),
      moonPhase: ((Math.round(phase * 1000) % 1000) / 1000).toFixed(3),
      moonPhaseDescription: desc,
      iconName: `cw_${desc.toLowerCase().replace(/ /g, "_")}`,
      time: formatTime(midnight, offset, { millis: true }),
    });
  }
  return forecasts;
}

/** An alert type of the coming week: its text, worst severity and when. */
interface WeekAlert {
  description: string;
  severity: number;
  segments: Record<string, string>[];
}

/** The alerts of the coming week by type, over the segments of each day. */
function weekAlerts(r: ReportScope): Map<number, WeekAlert> {
  const { city, offset } = r;
  const byType = new Map<number, WeekAlert>();
  for (let day = 0; day < 7; day++) {
    const midnight = r.today + day * DAY;
    for (const [segment, hour] of DAY_SEGMENTS) {
      const c = conditionsAt(city.lat, city.lng, midnight + hour * HOUR);
      for (const hit of alertsFor(c)) {
        const entry = byType.get(hit.type) ??
          {
            description: hit.description,
            severity: hit.severity,
            segments: [],
          };
        entry.severity = Math.max(entry.severity, hit.severity);
        entry.segments.push({
          segment,
          weekday: WEEKDAYS[localParts(midnight, offset).weekday],
        });
        byType.set(hit.type, entry);
      }
    }
  }
  return byType;
}

function nwsWarnings(r: ReportScope): Record<string, unknown>[] {
  const { city, offset, today } = r;
  if (city.country !== "US") return [];
  return [...weekAlerts(r)].map(([type, a]) => ({
    type,
    description: a.description,
    severity: a.severity,
    name: `${a.description} ${a.severity >= 3 ? "Warning" : "Advisory"}`,
    validFromTimeLocal: formatTime(today, offset),
    validUntilTimeLocal: formatTime(today + 7 * DAY, offset),
    county: [],
    location: [{
      city: city.name,
      state: US_STATES[city.adminCode] ?? "",
    }],
  }));
}

/**
 * The products by name, each with the fields it adds to the report's place
 * entry; a report lists its products in this order.
 */
export const PRODUCTS: Readonly<Record<string, Product>> = {
  observation: (r) => ({ observations: observations(r) }),
  forecastHourly: (r) => ({
    hourlyForecasts: [{ place: r.place, forecasts: hourlyForecasts(r) }],
  }),
  forecast7daysSimple: (r) => ({
    dailyForecasts: [{ place: r.place, forecasts: dailyForecasts(r) }],
  }),
  forecast7days: (r) => ({
    extendedDailyForecasts: [{
      place: r.place,
      forecasts: extendedDailyForecasts(r),
    }],
  }),
  forecastAstronomy: (r) => ({
    astronomyForecasts: [{ place: r.place, forecasts: astronomyForecasts(r) }],
  }),
  alerts: (r) => ({
    alerts: [...weekAlerts(r)].map(([type, a]) => ({
      place: r.place,
      timeSegments: a.segments,
      type,
      description: a.description,
    })),
  }),
  nwsAlerts: (r) => ({
    nwsAlerts: [{ place: r.place, warnings: nwsWarnings(r), watches: [] }],
  }),
};
