// Small deterministic helpers shared by the sandbox's services: hashing,
// seeded random numbers, text folding, RFC 3339 times with offsets and
// base64url ids.

/** FNV-1a over the parts joined with `|`: a stable 32-bit seed. */
export function hash32(...parts: readonly (string | number)[]): number {
  const text = parts.join("|");
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32's output function: scrambles one 32-bit state. */
function scramble(state: number): number {
  const x = Math.imul(state ^ (state >>> 15), state | 1);
  const y = x ^ (x + Math.imul(x ^ (x >>> 7), x | 61));
  return (y ^ (y >>> 14)) >>> 0;
}

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => scramble(state = (state + 0x6d2b79f5) >>> 0) / 2 ** 32;
}

/** Picks one element with a seeded generator. */
export function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length) % list.length];
}

/** A UUID-shaped id derived from the parts (stable across runs). */
export function hashUuid(...parts: readonly (string | number)[]): string {
  const hex = [0, 1, 2, 3]
    .map((i) => hash32(i, ...parts).toString(16).padStart(8, "0"))
    .join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${
    hex.slice(17, 20)
  }-${hex.slice(20, 32)}`;
}

const ASCII = /^[\x20-\x7e]*$/;
const NON_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * Folds text for matching: lower case, diacritics removed, `ß` → `ss`,
 * punctuation collapsed to single spaces, trimmed.
 */
export function fold(text: string): string {
  let s = text.toLowerCase();
  if (!ASCII.test(s)) {
    s = s.normalize("NFD").replace(/\p{M}+/gu, "").replace(/ß/g, "ss");
  }
  return s.replace(NON_WORD, " ").trim();
}

/** Rounds to `digits` decimals. */
export function round(value: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Clamps to [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** Whole-hour UTC offset in minutes from a longitude (the sandbox's time zones). */
export function offsetForLongitude(lng: number): number {
  return clamp(Math.round(lng / 15), -12, 14) * 60;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** `+02:00`, `-05:30` or `Z` for an offset in minutes. */
export function formatOffset(offsetMinutes: number, zulu = false): string {
  if (offsetMinutes === 0 && zulu) return "Z";
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The wall-clock fields of an instant shifted by an offset. */
export function localParts(ms: number, offsetMinutes: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
} {
  const d = new Date(ms + offsetMinutes * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
  };
}

/** RFC 3339 with a local offset: `2024-05-01T08:00:00+02:00`. */
export function formatTime(
  ms: number,
  offsetMinutes: number,
  options: { millis?: boolean; zulu?: boolean } = {},
): string {
  const p = localParts(ms, offsetMinutes);
  const frac = options.millis ? `.${pad(p.millisecond, 3)}` : "";
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${
    pad(p.minute)
  }:${pad(p.second)}${frac}${formatOffset(offsetMinutes, options.zulu)}`;
}

/** `HH:MM:SS` local clock time. */
export function formatClock(ms: number, offsetMinutes: number): string {
  const p = localParts(ms, offsetMinutes);
  return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** A parsed RFC 3339 time; `offsetMinutes` is undefined for a local time. */
export interface ParsedTime {
  /** The instant (for a local time: read as UTC, shift it by the local offset). */
  ms: number;
  /** The offset written in the value, or undefined when it had none. */
  offsetMinutes?: number;
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/i;

/**
 * Parses `2024-05-01T08:30:00+02:00`, `...Z` or (when `allowLocal`) a time
 * without offset. Returns undefined when malformed.
 */
export function parseTime(
  value: string,
  allowLocal = false,
): ParsedTime | undefined {
  const m = RFC3339.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  if (!zone && !allowLocal) return undefined;
  const month = Number(mo), day = Number(d), hour = Number(h);
  const minute = Number(mi), second = Number(s);
  if (
    month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 ||
    minute > 59 || second > 60
  ) return undefined;
  const base = Date.UTC(
    Number(y),
    month - 1,
    day,
    hour,
    minute,
    second,
    frac ? Math.round(Number(frac) * 1000) : 0,
  );
  if (!Number.isFinite(base)) return undefined;
  if (!zone) return { ms: base };
  if (zone.toUpperCase() === "Z") return { ms: base, offsetMinutes: 0 };
  const sign = zone[0] === "-" ? -1 : 1;
  const offset = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4)));
  return { ms: base - offset * 60_000, offsetMinutes: offset };
}

/** Text as unpadded base64url of its UTF-8 bytes. */
export function toBase64Url(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text of a base64url value ({@linkcode toBase64Url}); undefined when malformed. */
export function fromBase64Url(text: string): string | undefined {
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(
      Uint8Array.from(bin, (c) => c.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
}

/** Splits `total` into integer parts proportional to `weights` that sum exactly. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) {
    const out = weights.map(() => 0);
    out[out.length - 1] = total;
    return out;
  }
  const out: number[] = [];
  let acc = 0;
  let given = 0;
  for (const w of weights) {
    acc += w;
    const upTo = Math.round((total * acc) / sum);
    out.push(upTo - given);
    given = upTo;
  }
  return out;
}
