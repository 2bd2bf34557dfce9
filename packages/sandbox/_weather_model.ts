// Deterministic weather: smooth fields of position and time built from
// climate (latitude, season, time of day, terrain) plus value noise. The
// same place and instant always give the same weather.

import { terrainElevation } from "./_terrain.ts";
import { clamp, hash32 } from "./_util.ts";

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;

function lattice(x: number, y: number, z: number, seed: number): number {
  return (hash32(seed, x, y, z) / 4294967295) * 2 - 1;
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/** Value noise in [-1, 1], smooth in all three coordinates. */
function noise3(x: number, y: number, z: number, seed: number): number {
  const x0 = Math.floor(x), y0 = Math.floor(y), z0 = Math.floor(z);
  const fx = smooth(x - x0), fy = smooth(y - y0), fz = smooth(z - z0);
  let out = 0;
  for (let dx = 0; dx <= 1; dx++) {
    for (let dy = 0; dy <= 1; dy++) {
      for (let dz = 0; dz <= 1; dz++) {
        const w = (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy) * (dz ? fz : 1 - fz);
        out += w * lattice(x0 + dx, y0 + dy, z0 + dz, seed);
      }
    }
  }
  return out;
}

/** Weather at one place and instant (metric units). */
export interface Conditions {
  /** Air temperature, °C. */
  temperature: number;
  /** Dew point, °C. */
  dewPoint: number;
  /** Relative humidity, %. */
  humidity: number;
  /** Wind speed, km/h. */
  windSpeed: number;
  /** Wind direction (from), degrees. */
  windDirection: number;
  /** Sea-level pressure, hPa. */
  pressure: number;
  /** Cloud cover, 0–1. */
  cloud: number;
  /** Precipitation probability, %. */
  precipitationProbability: number;
  /** Rain, mm/h. */
  rain: number;
  /** Snow (water equivalent), mm/h. */
  snow: number;
  /** Visibility, km. */
  visibility: number;
  /** UV index. */
  uvIndex: number;
  /** Sun above the horizon. */
  day: boolean;
  /** Thunderstorm. */
  thunder: boolean;
  /** Fog. */
  fog: boolean;
}

/** Day of the year (0-based, UTC). */
function dayOfYear(ms: number): number {
  const d = new Date(ms);
  return (ms - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS;
}

function declination(ms: number): number {
  return 23.44 * RAD * Math.sin((2 * Math.PI * (284 + dayOfYear(ms))) / 365);
}

/** Solar elevation in degrees. */
function solarElevation(lat: number, lng: number, ms: number): number {
  const δ = declination(ms);
  const solarHours = ((ms / 3_600_000) % 24 + lng / 15 + 48) % 24;
  const H = (solarHours - 12) * 15 * RAD;
  const φ = lat * RAD;
  return Math.asin(
    Math.sin(φ) * Math.sin(δ) + Math.cos(φ) * Math.cos(δ) * Math.cos(H),
  ) / RAD;
}

/**
 * Sunrise and sunset (UTC ms) of the solar day containing `ms`; undefined
 * during polar day or night.
 */
export function sunTimes(
  lat: number,
  lng: number,
  ms: number,
): { rise: number; set: number } | undefined {
  const noonUtc = Math.floor((ms + (lng / 15) * 3_600_000) / DAY_MS) * DAY_MS +
    12 * 3_600_000 - (lng / 15) * 3_600_000;
  const δ = declination(noonUtc);
  const φ = lat * RAD;
  const cosH = (Math.sin(-0.833 * RAD) - Math.sin(φ) * Math.sin(δ)) /
    (Math.cos(φ) * Math.cos(δ));
  if (cosH < -1 || cosH > 1) return undefined;
  const h = (Math.acos(cosH) / RAD / 15) * 3_600_000;
  return { rise: Math.round(noonUtc - h), set: Math.round(noonUtc + h) };
}

/** Moon phase as a fraction of the synodic month (0 new, 0.5 full). */
export function moonPhase(ms: number): number {
  const synodic = 29.530588853 * DAY_MS;
  const reference = Date.UTC(2000, 0, 6, 18, 14);
  return (((ms - reference) % synodic) + synodic) % synodic / synodic;
}

/** The weather at a place and instant. */
export function conditionsAt(lat: number, lng: number, ms: number): Conditions {
  const hours = ms / 3_600_000;
  const x = lng / 4, y = lat / 4;
  const season = Math.cos((2 * Math.PI * (dayOfYear(ms) - 200)) / 365.25) *
    (lat >= 0 ? 1 : -1);
  const absLat = Math.abs(lat);
  const cloud = clamp(0.5 + 0.75 * noise3(x, y, hours / 20, 2), 0, 1);
  const solarHour = ((hours % 24) + lng / 15 + 48) % 24;
  const diurnal = 4.5 * Math.cos((2 * Math.PI * (solarHour - 15)) / 24) *
    (1 - 0.6 * cloud);
  const temperature = 27 - 0.32 * absLat +
    Math.min(14, 0.18 * absLat) * season +
    diurnal + 5 * noise3(x, y, hours / 60, 1) -
    6.5 * terrainElevation(lat, lng) / 1000;
  const storm = Math.max(0, noise3(x * 1.7, y * 1.7, hours / 14, 4) - 0.25) /
    0.75;
  const windSpeed = clamp(
    9 + 12 * Math.abs(noise3(x * 2, y * 2, hours / 8, 3)) + 75 * storm * storm,
    0,
    140,
  );
  const windDirection =
    ((noise3(x, y, hours / 30, 5) * 200 + 250) % 360 + 360) % 360;
  const pressure = 1013 + 12 * noise3(x, y, hours / 40, 6) - 28 * storm;
  const wet = Math.max(0, cloud - 0.7) / 0.3;
  const intensity = wet *
    (0.5 + 0.5 * Math.abs(noise3(x * 3, y * 3, hours / 5, 7)));
  const precip = intensity * 6;
  const snowy = temperature < 0.5;
  const humidity = clamp(
    50 + 40 * cloud + 12 * noise3(x, y, hours / 10, 8) - 2 * diurnal,
    12,
    100,
  );
  const a = 17.27, b = 237.7;
  const γ = (a * temperature) / (b + temperature) + Math.log(humidity / 100);
  const dewPoint = (b * γ) / (a - γ);
  const fog = humidity > 94 && windSpeed < 10 && precip < 0.1;
  const elevation = solarElevation(lat, lng, ms);
  const day = elevation > -0.833;
  const uvIndex = day
    ? Math.round(
      Math.max(0, Math.sin(elevation * RAD)) * 11 * (1 - 0.7 * cloud),
    )
    : 0;
  return {
    temperature,
    dewPoint,
    humidity,
    windSpeed,
    windDirection,
    pressure,
    cloud,
    precipitationProbability: Math.round(
      clamp((cloud - 0.45) / 0.55, 0, 1) * 100,
    ),
    rain: snowy ? 0 : precip,
    snow: snowy ? precip : 0,
    visibility: fog ? 0.4 : clamp(35 - 22 * cloud - 4 * precip, 1, 40),
    uvIndex,
    day,
    thunder: !snowy && precip > 3.2 && temperature > 17,
    fog,
  };
}

/** A sky: `skyInfo`, `skyDesc`, `iconId`, `iconName`, and whether it is precipitation. */
type SkyRow = readonly [number, string, number, string, boolean?];

/** The sky row of conditions. */
function skyRow(c: Conditions): SkyRow {
  if (c.thunder) return [24, "Thunderstorms", 20, "tstorms", true];
  if (c.snow > 0) {
    return c.snow > 1
      ? [22, "Snow", 17, "snow", true]
      : [21, "Light snow", 16, "light_snow", true];
  }
  if (c.rain > 0) {
    return c.rain > 1.5
      ? [19, "Rain", 12, "rain", true]
      : [18, "Light rain", 11, "light_rain", true];
  }
  if (c.fog) return [10, "Fog", 15, "fog"];
  if (c.cloud > 0.9) return [17, "Overcast", 7, "cloudy"];
  if (c.cloud > 0.7) return [13, "Mostly cloudy", 4, "mostly_cloudy"];
  if (c.cloud > 0.45) {
    return c.day
      ? [7, "Partly cloudy", 2, "partly_cloudy"]
      : [7, "Partly cloudy", 27, "night_partly_cloudy"];
  }
  if (c.cloud > 0.2) {
    return c.day
      ? [3, "Mostly sunny", 1, "mostly_sunny"]
      : [3, "Mostly clear", 26, "night_mostly_clear"];
  }
  return c.day ? [1, "Sunny", 1, "sunny"] : [1, "Clear", 14, "clear"];
}

/** Sky description and icon of conditions. */
export function sky(c: Conditions): {
  skyInfo: number;
  skyDesc: string;
  iconId: number;
  iconName: string;
  precipitationDesc: string;
} {
  const [skyInfo, skyDesc, iconId, iconName, precipitation] = skyRow(c);
  return {
    skyInfo,
    skyDesc,
    iconId,
    iconName,
    precipitationDesc: precipitation ? skyDesc : "",
  };
}

/** `Mild`, `Hot`, ... for a temperature in °C. */
export function temperatureDesc(t: number): string {
  if (t < -10) return "Frigid";
  if (t < 0) return "Cold";
  if (t < 8) return "Chilly";
  if (t < 14) return "Cool";
  if (t < 20) return "Mild";
  if (t < 26) return "Warm";
  if (t < 32) return "Hot";
  return "Very hot";
}

/** Feels-like temperature (wind chill or apparent temperature), °C. */
export function comfort(c: Conditions): number {
  const t = c.temperature, v = c.windSpeed;
  if (t <= 10 && v > 4.8) {
    return 13.12 + 0.6215 * t - 11.37 * v ** 0.16 + 0.3965 * t * v ** 0.16;
  }
  if (t >= 26) {
    const e = (c.humidity / 100) * 6.105 * Math.exp((17.27 * t) / (237.7 + t));
    return t + 0.33 * e - 0.7 * (v / 3.6) - 4;
  }
  return t;
}

const WIND = [
  ["North", "N"],
  ["Northeast", "NE"],
  ["East", "E"],
  ["Southeast", "SE"],
  ["South", "S"],
  ["Southwest", "SW"],
  ["West", "W"],
  ["Northwest", "NW"],
];

/** `West`/`W` for a wind direction. */
export function windDesc(direction: number): [string, string] {
  const [long, short] = WIND[Math.round(direction / 45) % 8];
  return [long, short];
}

const BEAUFORT = [1, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118];
const BEAUFORT_DESC = [
  "Calm",
  "Light air",
  "Light breeze",
  "Gentle breeze",
  "Moderate breeze",
  "Fresh breeze",
  "Strong breeze",
  "Near gale",
  "Gale",
  "Strong gale",
  "Storm",
  "Violent storm",
  "Hurricane",
];

/** Beaufort number and description for a wind speed in km/h. */
export function beaufort(kmh: number): [number, string] {
  let n = 0;
  while (n < BEAUFORT.length && kmh >= BEAUFORT[n]) n++;
  return [n, BEAUFORT_DESC[n]];
}

/** `Low` … `Extreme` for a UV index. */
export function uvDesc(uv: number): string {
  if (uv <= 2) return "Low";
  if (uv <= 5) return "Moderate";
  if (uv <= 7) return "High";
  if (uv <= 10) return "Very high";
  return "Extreme";
}

/** A weather alert raised by conditions. */
export interface AlertHit {
  /** HERE's alert type code. */
  type: number;
  /** Severity 2 (minor) to 4 (high). */
  severity: number;
  /** Text. */
  description: string;
}

/** The alerts conditions raise (none for ordinary weather). */
export function alertsFor(c: Conditions): AlertHit[] {
  const out: AlertHit[] = [];
  if (c.windSpeed >= 50) {
    out.push({
      type: 8,
      severity: c.windSpeed >= 75 ? 4 : c.windSpeed >= 62 ? 3 : 2,
      description: c.windSpeed >= 75 ? "Gale-force winds" : "Strong winds",
    });
  }
  if (c.thunder) {
    out.push({ type: 7, severity: 3, description: "Thunderstorms" });
  }
  if (c.rain >= 4) {
    out.push({
      type: 5,
      severity: c.rain >= 5 ? 3 : 2,
      description: "Heavy rain",
    });
  }
  if (c.snow >= 1.5) {
    out.push({
      type: 6,
      severity: c.snow >= 4 ? 3 : 2,
      description: "Heavy snowfall",
    });
  }
  if (c.temperature >= 35) {
    out.push({
      type: 1,
      severity: c.temperature >= 40 ? 4 : 3,
      description: "Extreme heat",
    });
  }
  if (c.temperature <= -20) {
    out.push({
      type: 2,
      severity: c.temperature <= -30 ? 4 : 3,
      description: "Extreme cold",
    });
  }
  if (c.fog) out.push({ type: 3, severity: 2, description: "Dense fog" });
  if (c.temperature < 0 && c.temperature > -6 && c.humidity > 90) {
    out.push({ type: 4, severity: 2, description: "Icy roads" });
  }
  return out;
}
