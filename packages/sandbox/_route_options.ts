// The route options beyond features and areas, checked as HERE checks
// them: avoid[segments|zoneCategories|zoneIdentifiers|truckRoadTypes|
// tollTransponders], exclude[states], allow[hov|hot] and traffic[...].
// The sandbox has no segment ids, zones or truck road types of its own, so
// those only need to be well-formed; a traffic mode changes nothing, as its
// durations carry no traffic.

import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";

const ZONE_CATEGORIES = ["vignette", "congestionPricing", "environmental"];

function invalid(key: string, value: string, why = ""): Error {
  return malformed(
    "E605001",
    `Invalid value for parameter '${key}': '${value}'${why}`,
  );
}

/** A comma list of ids, none empty, at most `max`. */
function ids(params: Params, key: string, max = 1000): void {
  const value = params.get(key);
  if (value === undefined) return;
  const list = value.split(",");
  if (list.length > max || list.some((id) => id.trim() === "")) {
    throw invalid(key, value, ` (at most ${max} non-empty ids)`);
  }
}

/** Checks the route options beyond features and areas (E605 errors). */
export function checkRouteOptions(params: Params): void {
  ids(params, "avoid[segments]");
  ids(params, "avoid[zoneIdentifiers]");
  ids(params, "avoid[truckRoadTypes]");
  const zones = params.get("avoid[zoneCategories]");
  if (zones !== undefined) {
    const [categories, ...rest] = zones.split(";");
    const except = rest.join(";");
    if (
      categories.split(",").some((c) => !ZONE_CATEGORIES.includes(c)) ||
      (rest.length > 0 && !/^exceptZoneIds=[^,]+(,[^,]+)*$/.test(except))
    ) {
      throw invalid("avoid[zoneCategories]", zones);
    }
  }
  const transponders = params.get("avoid[tollTransponders]");
  if (transponders !== undefined && transponders !== "all") {
    throw invalid("avoid[tollTransponders]", transponders, " (use 'all')");
  }
  const states = params.get("exclude[states]");
  if (
    states !== undefined &&
    !/^[A-Z]{3}:[A-Z0-9]{1,3}(,[A-Z0-9]{1,3})*(\|[A-Z]{3}:[A-Z0-9]{1,3}(,[A-Z0-9]{1,3})*)*$/
      .test(states)
  ) {
    throw malformed(
      "E605025",
      `Invalid value for parameter 'exclude[states]': '${states}'`,
      "Use ISO 3166-1 alpha-3 codes with state codes: USA:NV,CA|CAN:QC",
    );
  }
  for (const key of ["allow[hov]", "allow[hot]"]) {
    const value = params.get(key);
    if (value !== undefined && value !== "true" && value !== "false") {
      throw invalid(key, value);
    }
  }
  const mode = params.get("traffic[mode]");
  if (mode !== undefined && mode !== "default" && mode !== "disabled") {
    throw invalid("traffic[mode]", mode);
  }
  const flow = params.get("traffic[overrideFlowDuration]");
  if (flow !== undefined && !/^\d+$/.test(flow)) {
    throw invalid("traffic[overrideFlowDuration]", flow);
  }
}

const ENGINE_TYPES = ["electric", "internalCombustion", "pluginHybrid"];

/** Checks the vehicle's speed cap, occupancy, plate, engine and use. */
export function checkVehicleOptions(params: Params): void {
  const cap = params.get("vehicle[speedCap]");
  if (cap !== undefined && !(Number(cap) >= 1 && Number(cap) <= 70)) {
    throw malformed(
      "E605032",
      `Invalid value for parameter 'vehicle[speedCap]': '${cap}' (use 1 to 70 m/s)`,
    );
  }
  const perFc = params.get("vehicle[speedCapPerFc]");
  if (
    perFc !== undefined && (perFc.split(",").length > 5 ||
      perFc.split(",").some((c) =>
        c !== "" && !(Number(c) >= 1 && Number(c) <= 70)
      ))
  ) {
    throw malformed(
      "E605032",
      `Invalid value for parameter 'vehicle[speedCapPerFc]': '${perFc}' (use up to 5 caps of 1 to 70 m/s)`,
    );
  }
  for (const key of ["vehicle[occupancy]", "vehicle[hovOccupancy]"]) {
    const value = params.get(key);
    if (value !== undefined && !/^[1-9]\d*$/.test(value)) {
      throw invalid(key, value, " (use an integer of at least 1)");
    }
  }
  if (
    params.has("vehicle[hovOccupancy]") &&
    (params.has("vehicle[occupancy]") || params.has("allow[hov]") ||
      params.has("allow[hot]"))
  ) {
    throw malformed(
      "E605001",
      "vehicle[hovOccupancy] cannot be combined with vehicle[occupancy] or allow[...]",
    );
  }
  const plate = params.get("vehicle[licensePlate]");
  if (plate !== undefined && !/^lastCharacter:[0-9A-Za-z]$/.test(plate)) {
    throw invalid("vehicle[licensePlate]", plate, " (use lastCharacter:X)");
  }
  const engine = params.get("vehicle[engineType]");
  if (engine !== undefined && !ENGINE_TYPES.includes(engine)) {
    throw invalid("vehicle[engineType]", engine);
  }
  const commercial = params.get("vehicle[commercial]");
  if (
    commercial !== undefined && commercial !== "true" && commercial !== "false"
  ) {
    throw invalid("vehicle[commercial]", commercial);
  }
}

/**
 * Checks `maxSpeedOnSegment` and `driver[schedule]` (E605 errors); a
 * schedule is for trucks and buses.
 */
export function checkSegmentsAndDriver(params: Params, mode: string): void {
  const speeds = params.get("maxSpeedOnSegment");
  if (speeds !== undefined) {
    for (const item of speeds.split(",")) {
      const m = /^[^;]+;speed=(\d+(?:\.\d+)?)$/.exec(item);
      if (!m || Number(m[1]) < 1) {
        throw invalid("maxSpeedOnSegment", speeds, " (use segment;speed=m/s)");
      }
    }
  }
  const schedule = params.get("driver[schedule]");
  if (schedule === undefined) return;
  if (mode !== "truck" && mode !== "bus" && mode !== "privateBus") {
    throw malformed(
      "E605010",
      `driver[schedule] is not supported for transport mode '${mode}'`,
    );
  }
  const nums = schedule.split(",");
  if (
    nums.length % 2 ||
    nums.some((n, i) => !/^\d+$/.test(n) || (i % 2 === 0 && Number(n) < 240))
  ) {
    throw invalid(
      "driver[schedule]",
      schedule,
      " (use drive,rest pairs of seconds, drive at least 240)",
    );
  }
  if (params.has("arrivalTime")) {
    throw malformed(
      "E605001",
      "driver[schedule] cannot be combined with arrivalTime",
    );
  }
  if (params.entries.some((e) => e.key.startsWith("ev["))) {
    throw malformed(
      "E605030",
      "Invalid EV options: driver[schedule] is not supported with EV routing",
    );
  }
}

/**
 * HERE's rule on `vehicle[trailerAxleCount]`: a trailer is towed
 * (`vehicle[trailerCount]` above 0) and, when the axles are counted, the
 * trailers have fewer of them than the whole vehicle.
 */
export function checkTrailerAxles(params: Params): void {
  const axles = params.get("vehicle[trailerAxleCount]");
  if (axles === undefined) return;
  const trailers = Number(params.get("vehicle[trailerCount]") ?? 0);
  const total = params.get("vehicle[axleCount]");
  if (
    !(trailers > 0) || (total !== undefined && Number(axles) >= Number(total))
  ) {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'vehicle[trailerAxleCount]': '${axles}' (needs vehicle[trailerCount] above 0 and fewer axles than vehicle[axleCount])`,
    );
  }
}
