// A short, safe description of a value for an error message: what was
// given, never the whole of it.

/** Short, safe description of a value for error messages. */
export function describe(value: unknown): string {
  if (typeof value === "string") {
    const s = value.length > 60 ? `${value.slice(0, 60)}…` : value;
    return JSON.stringify(s);
  }
  if (
    typeof value === "number" || typeof value === "boolean" ||
    typeof value === "bigint"
  ) {
    return String(value);
  }
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) {
    return value.length > 4
      ? `an array of ${value.length} items`
      : safeJson(value);
  }
  if (value instanceof Date) {
    let time = NaN;
    try {
      time = value.getTime();
    } catch {
      // An object that only inherits from Date.prototype.
      return "an object that is not a Date";
    }
    return Number.isNaN(time) ? "an invalid Date" : value.toISOString();
  }
  if (typeof value === "object") return safeJson(value);
  return typeof value;
}

function safeJson(value: unknown): string {
  try {
    const s = JSON.stringify(value);
    if (s === undefined) return typeof value;
    return s.length > 80 ? `${s.slice(0, 80)}…` : s;
  } catch {
    return typeof value;
  }
}
