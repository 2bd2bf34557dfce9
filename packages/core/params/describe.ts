// A short, safe description of a value for an error message: a short value
// whole, a long one by its shape, never a piece of one. A client scrubs its
// credentials from a message, but it can only recognise a whole one: a long
// value cut short could show part of a key.

/** Short, safe description of a value for error messages. */
export function describe(value: unknown): string {
  if (typeof value === "string") {
    return value.length > 60
      ? `a string of ${value.length} characters`
      : JSON.stringify(value);
  }
  if (
    typeof value === "number" || typeof value === "boolean" ||
    typeof value === "bigint" || value === null || value === undefined
  ) {
    return String(value);
  }
  try {
    return describeObject(value);
  } catch {
    // A revoked proxy, or a proxy whose traps throw: its kind alone.
    return typeof value;
  }
}

function describeObject(value: unknown): string {
  if (Array.isArray(value)) {
    const length = value.length;
    return length > 4 ? `an array of ${length} items` : safeJson(value);
  }
  if (value instanceof Date) {
    let time = NaN;
    try {
      // Date's own methods: a date's own getTime or toISOString could
      // throw, or return any text at any length.
      time = Date.prototype.getTime.call(value);
    } catch {
      // An object that only inherits from Date.prototype.
      return "an object that is not a Date";
    }
    return Number.isNaN(time)
      ? "an invalid Date"
      : Date.prototype.toISOString.call(value);
  }
  if (typeof value === "object") return safeJson(value);
  return typeof value;
}

const SECRET_KEY = /secret|key|token|password|signature|credential/i;

function safeJson(value: unknown): string {
  try {
    // A string too long to show is left out, as it makes the text too long
    // anyway: serialising one that V8 has interned (a key, a Set or Map
    // member) in a structure that then turns out to be circular took
    // V8 half a minute, in place of a millisecond.
    let long = false;
    const s = JSON.stringify(value, (_key, v) => {
      if (!tooLong(v)) return v;
      long = true;
      return "";
    });
    if (s === undefined) return typeof value;
    // A credential's value under a key that names one is never shown: a
    // client can only scrub the credentials it was given.
    if (!long && s.length <= 80) {
      return JSON.stringify(
        value,
        (key, v) => SECRET_KEY.test(key) ? "[REDACTED]" : v,
      );
    }
    if (!Array.isArray(value)) return "an object";
    return value.length === 1
      ? "an array of 1 item"
      : `an array of ${value.length} items`;
  } catch {
    return typeof value;
  }
}

/**
 * A string longer than 80, or a typed array of more than 16 items, whose
 * `{"0":…}` is longer than 80: listing the keys of one of millions took
 * seconds.
 */
function tooLong(v: unknown): boolean {
  return typeof v === "string" ? v.length > 80 : ArrayBuffer.isView(v) &&
    (v as unknown as { length: number }).length > 16;
}
