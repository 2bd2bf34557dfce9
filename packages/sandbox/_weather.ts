// Destination Weather v3: GET /v3/report and POST /v3/alerts over the
// deterministic weather model.

import type { Feature, FeatureCollection, Polygon, Position } from "geojson";
import {
  type Ctx,
  isNumber,
  isObject,
  json,
  malformed,
  readJson,
  routingError,
} from "./_http.ts";
import {
  type City,
  type Gazetteer,
  loadGazetteer,
  US_STATES,
} from "./_gazetteer.ts";
import { bestPlace } from "./_search.ts";
import { checkQuery } from "./_routing.ts";
import {
  formatClock,
  formatTime,
  hash32,
  localParts,
  offsetForLongitude,
  round,
} from "./_util.ts";
import {
  alertsFor,
  beaufort,
  comfort,
  type Conditions,
  conditionsAt,
  moonPhase,
  sky,
  sunTimes,
  temperatureDesc,
  uvDesc,
  windDesc,
} from "./_weather_model.ts";
import {
  destinationPoint,
  haversineMeters,
  initialBearing,
  type LatLngLike,
} from "./travel_model.ts";

const CODE = "E611001";
const PRODUCTS = [
  "observation",
  "forecast7days",
  "forecast7daysSimple",
  "forecastHourly",
  "forecastAstronomy",
  "alerts",
  "nwsAlerts",
];
const WEEKDAYS = ["su", "mo", "tu", "we", "th", "fr", "sa"];
const HOUR = 3_600_000;
const DAY = 86_400_000;

const bad = (cause: string) => malformed(CODE, cause);

interface Units {
  imperial: boolean;
}

const temp = (c: number, u: Units) => round(u.imperial ? c * 9 / 5 + 32 : c, 1);
const speed = (kmh: number, u: Units) =>
  round(u.imperial ? kmh / 1.609344 : kmh, 1);
const dist = (km: number, u: Units) =>
  round(u.imperial ? km / 1.609344 : km, 1);
const pressure = (hpa: number, u: Units) =>
  round(u.imperial ? hpa * 0.02953 : hpa, u.imperial ? 2 : 1);
const amount = (mm: number, u: Units) => round(u.imperial ? mm / 25.4 : mm, 2);

function iconLink(ctx: Ctx, id: number): string {
  return `${ctx.origin}/static/weather/icon/${id}.png`;
}

/** The shared fields of an observation or forecast entry. */
function describe(ctx: Ctx, c: Conditions, u: Units): Record<string, unknown> {
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

function placeBlock(
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
function localMidnight(ms: number, offset: number): number {
  return Math.floor((ms + offset * 60_000) / DAY) * DAY - offset * 60_000;
}

function dailyExtremes(
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
    if (!PRODUCTS.includes(product)) {
      throw bad(
        `Invalid value for parameter 'products': '${product}' (use ${
          PRODUCTS.join(", ")
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
      throw routingError(
        400,
        "E611404",
        "Location not found",
        `No place matches q='${q}'`,
      );
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
      throw routingError(
        400,
        "E611404",
        "Location not found",
        `No place for zipCode='${zip}'`,
      );
    }
    point = city;
  }
  if (!city) {
    throw routingError(
      400,
      "E611404",
      "Location not found",
      "No place near the location",
    );
  }

  const now = ctx.state.now().getTime();
  const offset = offsetForLongitude(city.lng);
  const place = placeBlock(g, city, point);
  const today = localMidnight(now, offset);
  const result: Record<string, unknown> = {};

  if (products.includes("observation")) {
    const stations = oneObservation === "true"
      ? [city]
      : g.nearest(point, 3, undefined, 60_000).map((h) => h.city);
    if (stations.length === 0) stations.push(city);
    result.observations = stations.map((station) => {
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
      const s = describe(ctx, c, u);
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

  if (products.includes("forecastHourly")) {
    let start = Math.floor(now / HOUR) * HOUR;
    let count = 168;
    if (hourlyDate !== undefined) {
      const [date, clock] = hourlyDate.split("T");
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
        ...describe(ctx, c, u),
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
    result.hourlyForecasts = [{ place, forecasts }];
  }

  if (products.includes("forecast7daysSimple")) {
    const forecasts = [];
    for (let day = 0; day < 7; day++) {
      const midnight = today + day * DAY;
      const c = conditionsAt(city.lat, city.lng, midnight + 14 * HOUR);
      const ext = dailyExtremes(city.lat, city.lng, midnight);
      const [bf, bfDesc] = beaufort(c.windSpeed);
      const entry = describe(ctx, { ...c, day: true }, u);
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
    result.dailyForecasts = [{ place, forecasts }];
  }

  if (products.includes("forecast7days")) {
    const segments: [string, number][] = [["morning", 9], ["afternoon", 15], [
      "evening",
      20,
    ], ["night", 26]];
    const forecasts = [];
    for (let day = 0; day < 7; day++) {
      const midnight = today + day * DAY;
      for (const [segment, hour] of segments) {
        const at = midnight + hour * HOUR;
        const c = conditionsAt(city.lat, city.lng, at);
        const [bf, bfDesc] = beaufort(c.windSpeed);
        forecasts.push({
          daySegment: segment,
          weekday: WEEKDAYS[localParts(midnight, offset).weekday],
          ...describe(ctx, c, u),
          beaufortScale: bf,
          beaufortDesc: bfDesc,
          uvIndex: c.uvIndex,
          uvDesc: uvDesc(c.uvIndex),
          barometerPressure: pressure(c.pressure, u),
          time: formatTime(at, offset),
        });
      }
    }
    result.extendedDailyForecasts = [{ place, forecasts }];
  }

  if (products.includes("forecastAstronomy")) {
    const forecasts = [];
    for (let day = 0; day < 7; day++) {
      const midnight = today + day * DAY;
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
    result.astronomyForecasts = [{ place, forecasts }];
  }

  if (products.includes("alerts") || products.includes("nwsAlerts")) {
    const byType = new Map<
      number,
      {
        description: string;
        severity: number;
        segments: Record<string, string>[];
      }
    >();
    const segments: [string, number][] = [["morning", 9], ["afternoon", 15], [
      "evening",
      20,
    ], ["night", 26]];
    for (let day = 0; day < 7; day++) {
      const midnight = today + day * DAY;
      for (const [segment, hour] of segments) {
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
    if (products.includes("alerts")) {
      result.alerts = [...byType].map(([type, a]) => ({
        place,
        timeSegments: a.segments,
        type,
        description: a.description,
      }));
    }
    if (products.includes("nwsAlerts")) {
      const warnings = city.country !== "US"
        ? []
        : [...byType].map(([type, a]) => ({
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
      result.nwsAlerts = [{ place, warnings, watches: [] }];
    }
  }
  return json({ places: [result] });
}

function moonPhaseDescription(phase: number): string {
  if (phase < 0.03 || phase >= 0.97) return "New moon";
  if (phase < 0.22) return "Waxing crescent";
  if (phase < 0.28) return "First quarter";
  if (phase < 0.47) return "Waxing gibbous";
  if (phase < 0.53) return "Full moon";
  if (phase < 0.72) return "Waning gibbous";
  if (phase < 0.78) return "Last quarter";
  return "Waning crescent";
}

// ----------------------------------------------------------------- alerts

interface Warning {
  startTime?: number;
  endTime?: number;
  severity?: number;
  type?: number;
  country?: string;
}

function position(value: unknown, where: string): LatLngLike {
  if (
    !Array.isArray(value) || value.length < 2 || !isNumber(value[0]) ||
    !isNumber(value[1])
  ) {
    throw malformed("E611303", `${where} must be a [lng, lat] position`);
  }
  const [lng, lat] = value;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) {
    throw malformed("E611303", `${where} is out of range: [${lng}, ${lat}]`);
  }
  return { lat, lng };
}

function circle(center: LatLngLike, radius: number): Position[] {
  const ring: Position[] = [];
  for (let k = 0; k < 24; k++) {
    const p = destinationPoint(center, k * 15, radius);
    ring.push([round(p.lng, 6), round(p.lat, 6)]);
  }
  ring.push(ring[0]);
  return ring;
}

function corridor(points: LatLngLike[], halfWidth: number): Position[] {
  if (points.length === 1) return circle(points[0], halfWidth);
  const left: Position[] = [], right: Position[] = [];
  points.forEach((p, i) => {
    const a = points[Math.max(0, i - 1)],
      b = points[Math.min(points.length - 1, i + 1)];
    const bearing = initialBearing(a, b);
    const l = destinationPoint(p, bearing - 90, halfWidth);
    const r = destinationPoint(p, bearing + 90, halfWidth);
    left.push([round(l.lng, 6), round(l.lat, 6)]);
    right.push([round(r.lng, 6), round(r.lat, 6)]);
  });
  const ring = [...left, ...right.reverse()];
  ring.push(ring[0]);
  return ring;
}

function samples(points: LatLngLike[], step: number): LatLngLike[] {
  const out: LatLngLike[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1], b = points[i];
    const d = haversineMeters(a, b);
    const n = Math.max(1, Math.ceil(d / step));
    for (let k = 1; k <= n; k++) {
      out.push({
        lat: a.lat + (b.lat - a.lat) * k / n,
        lng: a.lng + (b.lng - a.lng) * k / n,
      });
    }
  }
  if (out.length > 400) {
    const every = Math.ceil(out.length / 400);
    return out.filter((_, i) => i % every === 0 || i === out.length - 1);
  }
  return out;
}

/** `POST /v3/alerts`. */
export async function alerts(ctx: Ctx): Promise<Response> {
  checkQuery(ctx.params);
  const body = await readJson(ctx, CODE);
  if (
    !isObject(body) || body.type !== "FeatureCollection" ||
    !Array.isArray(body.features)
  ) {
    throw bad("The body must be a GeoJSON FeatureCollection");
  }
  if (body.features.length === 0) {
    throw bad("The FeatureCollection has no features");
  }
  const g = await loadGazetteer();
  const now = ctx.state.now().getTime();
  const start = Math.floor(now / HOUR) * HOUR;
  const out: Feature<
    Polygon | { type: "MultiPolygon"; coordinates: Position[][][] }
  >[] = [];
  body.features.forEach((feature: unknown, index: number) => {
    if (!isObject(feature) || !isObject(feature.geometry)) {
      throw bad(`features[${index}] must be a Feature with a geometry`);
    }
    const geometry = feature.geometry;
    const type = geometry.type;
    if (type !== "Point" && type !== "LineString") {
      throw malformed(
        "E611309",
        `Unsupported geometry type '${
          String(type)
        }'. Only 'Point' and 'LineString' are supported`,
      );
    }
    const props = isObject(feature.properties) ? feature.properties : {};
    const maxWidth = type === "Point" ? 100_000 : 25_000;
    let width = type === "Point" ? 50_000 : 25_000;
    if (props.width !== undefined) {
      if (!isNumber(props.width) || props.width <= 0) {
        throw malformed(
          "E611302",
          `width must be a positive number of metres, from request = ${
            String(props.width)
          }`,
        );
      }
      if (props.width > maxWidth) {
        throw malformed(
          "E611302",
          `Maximum width is ${maxWidth}, from request = ${props.width}`,
        );
      }
      width = props.width;
    }
    const coords = type === "Point"
      ? [
        position(
          geometry.coordinates,
          `features[${index}].geometry.coordinates`,
        ),
      ]
      : (() => {
        if (
          !Array.isArray(geometry.coordinates) ||
          geometry.coordinates.length < 2
        ) {
          throw malformed(
            "E611303",
            `features[${index}] LineString needs at least two positions`,
          );
        }
        return geometry.coordinates.map((c: unknown, i: number) =>
          position(c, `features[${index}].geometry.coordinates[${i}]`)
        );
      })();
    let warnings: Warning[] | undefined;
    if (props.warnings !== undefined) {
      if (
        !Array.isArray(props.warnings) ||
        props.warnings.some((w: unknown) => !isObject(w))
      ) {
        throw bad(
          `features[${index}].properties.warnings must be an array of objects`,
        );
      }
      warnings = props.warnings as Warning[];
    }
    const pts = type === "Point" ? coords : samples(coords, 10_000);
    const found = new Map<
      number,
      {
        severity: number;
        description: string;
        hits: Set<number>;
        from: number;
        to: number;
        country: string;
      }
    >();
    pts.forEach((pt, si) => {
      const city = g.match(pt)?.city;
      for (let h = 0; h < 24; h += 3) {
        const at = start + h * HOUR;
        for (const hit of alertsFor(conditionsAt(pt.lat, pt.lng, at))) {
          const entry = found.get(hit.type) ??
            {
              severity: 0,
              description: hit.description,
              hits: new Set<number>(),
              from: at,
              to: at + 3 * HOUR,
              country: city?.country ?? "",
            };
          entry.severity = Math.max(entry.severity, hit.severity);
          entry.hits.add(si);
          entry.from = Math.min(entry.from, at);
          entry.to = Math.max(entry.to, at + 3 * HOUR);
          if (!entry.country && city) entry.country = city.country;
          found.set(hit.type, entry);
        }
      }
    });
    for (const [alertType, a] of found) {
      const startTime = Math.floor(a.from / 1000),
        endTime = Math.floor(a.to / 1000);
      if (
        warnings &&
        !warnings.some((w) =>
          (w.type === undefined || w.type === alertType) &&
          (w.severity === undefined || a.severity >= w.severity) &&
          (w.country === undefined || w.country === a.country) &&
          (w.startTime === undefined || endTime >= w.startTime) &&
          (w.endTime === undefined || startTime <= w.endTime)
        )
      ) continue;
      const runs: LatLngLike[][] = [];
      let run: LatLngLike[] = [];
      pts.forEach((pt, i) => {
        if (a.hits.has(i)) run.push(pt);
        else if (run.length) {
          runs.push(run);
          run = [];
        }
      });
      if (run.length) runs.push(run);
      const polygons = runs.map((
        r,
      ) => [type === "Point" ? circle(r[0], width) : corridor(r, width / 2)]);
      out.push({
        type: "Feature",
        id: `wa-${
          String(
            hash32("alert", String(feature.id ?? index), alertType, startTime) %
              1e10,
          ).padStart(10, "0")
        }`,
        geometry: polygons.length === 1
          ? { type: "Polygon", coordinates: polygons[0] }
          : { type: "MultiPolygon", coordinates: polygons },
        properties: {
          type: alertType,
          severity: a.severity,
          description: a.description,
          startTime,
          endTime,
          validFrom: formatTime(a.from, 0, { zulu: true }),
          validUntil: formatTime(a.to, 0, { zulu: true }),
          country: a.country,
          ...(feature.id !== undefined ? { featureId: feature.id } : {}),
        },
      });
    }
  });
  const collection: FeatureCollection = {
    type: "FeatureCollection",
    features: out as Feature[],
  };
  return json(collection);
}
