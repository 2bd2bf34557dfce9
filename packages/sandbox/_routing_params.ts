// The query rules the routing family shares (routing, isolines, and the
// query of matrix, weather and tour planning): percent-encoding, repeated
// and unknown keys, transport and routing mode, times, avoided features,
// languages and vehicle parameters.

import { AvoidFeature } from "@ls/core";
import { checkRoutingMode } from "@ls/core/internal";
import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";
import { parseTime } from "./_util.ts";
import { TRANSPORT_MODES, type TransportMode } from "./travel_model.ts";

/** `info` notices for parameters the service does not know. */
export function unknownParameterNotices(
  params: Params,
  known: ReadonlySet<string>,
  prefixes: readonly string[],
): Record<string, unknown>[] {
  return params.unknown(known)
    .filter((k) => !prefixes.some((p) => k.startsWith(p) && k.endsWith("]")))
    .map((k) => ({
      title: `The provided parameter '${k}' is unknown.`,
      code: "unknownParameter",
      severity: "info",
    }));
}

/** Checks the common query-level rules of the routing family. */
export function checkQuery(
  params: Params,
  repeatable: readonly string[] = [],
): void {
  if (params.malformed.length) {
    throw malformed(
      "E605001",
      `Parameter '${params.malformed[0]}' is not valid percent-encoding`,
    );
  }
  const repeated = params.repeated(repeatable);
  if (repeated.length) {
    throw malformed(
      "E605001",
      `Parameter '${repeated[0]}' is given ${
        params.all(repeated[0]).length
      } times; it may occur only once`,
    );
  }
}

/** A departure or arrival time: an instant, local wall time, or `any`. */
export type TimeParam =
  | { kind: "any" }
  | { kind: "instant"; ms: number; offsetMinutes: number }
  | { kind: "local"; ms: number };

/** Parses `departureTime`/`arrivalTime`; `allowAny` for `any`. */
export function parseTimeParam(
  params: Params,
  name: string,
  allowAny: boolean,
): TimeParam | undefined {
  const value = params.get(name);
  if (value === undefined) return undefined;
  if (value === "any") {
    if (allowAny) return { kind: "any" };
    throw malformed(
      "E605001",
      `Invalid value for parameter '${name}': 'any' is not allowed`,
    );
  }
  const t = parseTime(value, true);
  if (!t) {
    throw malformed(
      "E605001",
      `Invalid value for parameter '${name}': '${value}' is not an RFC 3339 date-time`,
    );
  }
  return t.offsetMinutes === undefined
    ? { kind: "local", ms: t.ms }
    : { kind: "instant", ms: t.ms, offsetMinutes: t.offsetMinutes };
}

/** Parses `transportMode`. */
export function parseTransportMode(
  params: Params,
  allowed: readonly TransportMode[] = TRANSPORT_MODES,
): TransportMode {
  const mode = params.get("transportMode");
  if (mode === undefined) {
    throw malformed("E605001", "Missing parameter 'transportMode'");
  }
  if (!allowed.includes(mode as TransportMode)) {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'transportMode': '${mode}' (use one of ${
        allowed.join(", ")
      })`,
    );
  }
  return mode as TransportMode;
}

/** Parses `routingMode`; `short` is only for car and truck (E605012). */
export function parseRoutingMode(
  params: Params,
  mode: TransportMode,
): "fast" | "short" {
  const value = params.get("routingMode") ?? "fast";
  if (value !== "fast" && value !== "short") {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'routingMode': '${value}'`,
    );
  }
  try {
    // The client checks the same rule before it sends a request.
    checkRoutingMode(value, mode);
  } catch {
    throw malformed(
      "E605012",
      `Transport mode '${mode}' does not support routingMode 'short'`,
      "Use routingMode=fast",
    );
  }
  return value;
}

/** HERE's `avoid[features]` values, the same the client sends. */
const AVOID_FEATURES: readonly string[] = Object.values(AvoidFeature);

/** Parses `avoid[features]` with its mode rules (E605011). */
export function parseAvoidFeatures(
  params: Params,
  mode: TransportMode,
): string[] {
  const value = params.get("avoid[features]");
  if (value === undefined) return [];
  const features = value.split(",");
  for (const f of features) {
    if (!AVOID_FEATURES.includes(f)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter 'avoid[features]': '${f}'`,
      );
    }
  }
  if (
    features.includes("uTurns") &&
    ["pedestrian", "bicycle", "scooter"].includes(mode)
  ) {
    throw malformed(
      "E605011",
      `avoid[features]=uTurns is not supported for transport mode '${mode}'`,
    );
  }
  if (features.includes("difficultTurns") && mode !== "truck") {
    throw malformed(
      "E605011",
      `avoid[features]=difficultTurns is only supported for transport mode 'truck'`,
    );
  }
  return features;
}

/** Checks `lang` (BCP 47 list); E605014 when a tag is invalid. */
export function parseLang(params: Params): string[] {
  const value = params.get("lang");
  if (value === undefined) return ["en-US"];
  const tags = value.split(",");
  for (const tag of tags) {
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag)) {
      throw malformed(
        "E605014",
        `Invalid value for parameter 'lang': '${tag}' is not a BCP 47 language tag`,
      );
    }
  }
  return tags;
}

/** Vehicle fields whose values are non-negative integers (kg, cm, counts). */
const INTEGER_FIELDS =
  /^(grossWeight|currentWeight|weightPerAxle|height|width|length|axleCount|trailerCount)$/;

/** Checks the vehicle parameters against the mode (E605010, E605024). */
export function checkVehicle(params: Params, mode: TransportMode): void {
  const keys = params.entries.map((e) => e.key).filter((k) =>
    k.startsWith("vehicle[") || k.startsWith("truck[")
  );
  if (keys.length === 0) return;
  // A scooter takes a speed cap, engine size and occupancy (HERE's reference).
  const refused = mode === "scooter"
    ? keys.filter((k) =>
      !/^vehicle\[(speedCap|engineSizeCc|occupancy)\]$/.test(k)
    )
    : keys;
  if (["pedestrian", "bicycle", "scooter"].includes(mode) && refused.length) {
    throw malformed(
      "E605010",
      `Vehicle parameter '${
        refused[0]
      }' is not supported for transport mode '${mode}'`,
    );
  }
  // HERE takes vehicle[type] for trucks alone, speed caps per functional
  // class for cars and trucks alone.
  const other = ["taxi", "bus", "privateBus"].includes(mode) &&
    keys.find((k) => k.endsWith("[type]") || k.endsWith("[speedCapPerFc]"));
  if (other) {
    throw malformed(
      "E605010",
      `Vehicle parameter '${other}' is not supported for transport mode '${mode}'`,
    );
  }
  const get = (field: string) =>
    params.get(`vehicle[${field}]`) ?? params.get(`truck[${field}]`);
  for (const key of keys) {
    const value = params.get(key)!;
    const field = key.replace(/^(vehicle|truck)\[|\]$/g, "");
    // HERE's definitions: vehicle[type] takes StraightTruck or Tractor, the
    // older truck[type] Straight or Tractor; lower case is a 400.
    const types = key.startsWith("vehicle[")
      ? ["StraightTruck", "Tractor"]
      : ["Straight", "Tractor"];
    if (field === "type" && !types.includes(value)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter '${key}': '${value}' (use one of ${
          types.join(", ")
        })`,
      );
    }
    if (INTEGER_FIELDS.test(field) && !/^\d+$/.test(value)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter '${key}': '${value}' (use a non-negative integer)`,
      );
    }
  }
  if (
    get("weightPerAxle") !== undefined &&
    get("weightPerAxleGroup") !== undefined
  ) {
    throw malformed(
      "E605019",
      "weightPerAxle cannot be combined with weightPerAxleGroup",
    );
  }
  if (mode === "car" || mode === "taxi") {
    const limit = Number(get("trailerCount") ?? 0) > 0 ? 7550 : 4250;
    const weight = Number(get("grossWeight") ?? 0);
    if (weight > limit) {
      throw malformed(
        "E605024",
        `grossWeight ${weight} kg exceeds ${limit} kg for transport mode '${mode}'`,
      );
    }
  }
}

/**
 * `taxi[allowDriveThroughTaxiRoads]`: `true` or `false`, and only with
 * `transportMode=taxi` (routes and isolines alike).
 */
export function checkTaxi(params: Params): void {
  const value = params.get("taxi[allowDriveThroughTaxiRoads]");
  if (value === undefined) return;
  if (value !== "true" && value !== "false") {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'taxi[allowDriveThroughTaxiRoads]': '${value}' (use true or false)`,
    );
  }
  const transportMode = params.get("transportMode");
  if (transportMode !== "taxi") {
    throw malformed(
      "E605001",
      `taxi[allowDriveThroughTaxiRoads] is only allowed with transportMode=taxi, got '${transportMode}'`,
    );
  }
}
