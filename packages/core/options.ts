/**
 * The option types shared by routing, isoline and matrix — place and waypoint
 * options, vias, truck and scooter options, avoid areas — and their wire
 * forms.
 *
 * Each type is a plain-object interface, so object literals work wherever it
 * is expected, merged with a class of the same name whose constructor takes
 * that object (`new PlaceOptions({ course: 90 })`). Constructors only copy;
 * validation happens when a value is serialised, so errors can name the
 * parameter it was passed as (`originPlaceOptions.course`, `via[1].lat`,
 * `truck.height`).
 *
 * Unknown keys are rejected with a {@linkcode ValueError}: these serialisers
 * only know the fields below, and a dropped key (a misspelt `namehint`, say)
 * would silently send a different request. The one exception is
 * {@linkcode AvoidBoundingBox}, whose four edges are all required (so a typo
 * already fails) and whose JSON form's `type` may be passed back in. Enum-like
 * string fields are open sets: unknown values pass through (content-encoded).
 *
 * @example
 * ```ts
 * import { formatWaypoint } from "@ls/core";
 * formatWaypoint([52.5, 13.4], {
 *   role: "destination",
 *   parameter: "destination",
 *   placeOptions: { course: 270, nameHint: "Main St; Gate 2" },
 *   waypointOptions: { stopDuration: 300 },
 * }); // "52.5,13.4;course=270;nameHint=Main%20St%3B%20Gate%202!stopDuration=300"
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { ValueError } from "./errors.ts";
import { formatBoolean, formatInteger, formatNumber } from "./format.ts";
import { encodeContent, type Query } from "./query.ts";
import {
  boundingBoxObjectSchema,
  formatLatLng,
  latitude,
  type LatLng,
  latLngSchema,
  longitude,
  validateCountryCodes,
  validateLatLng,
} from "./coordinates.ts";
import {
  integer,
  nonEmptyString,
  nonNegativeInteger,
  parseWith,
} from "./validate.ts";

// ---------------------------------------------------------------- constants

/**
 * Values of {@linkcode PlaceOptions.matchSideOfStreet}.
 *
 * @example
 * ```ts
 * import { MatchSideOfStreet } from "@ls/core";
 * const opts = { sideOfStreetHint: [52.51, 13.3], matchSideOfStreet: MatchSideOfStreet.always };
 * ```
 */
export const MatchSideOfStreet: {
  readonly always: "always";
  readonly onlyIfDivided: "onlyIfDivided";
} = { always: "always", onlyIfDivided: "onlyIfDivided" } as const;

/** A `matchSideOfStreet` value: a known one, or any other string HERE adds. */
export type MatchSideOfStreet =
  | (typeof MatchSideOfStreet)[keyof typeof MatchSideOfStreet]
  | (string & Record<never, never>);

/**
 * Named `course` values (degrees clockwise from north), as in HERE's
 * reference client.
 *
 * @example
 * ```ts
 * import { Course } from "@ls/core";
 * const opts = { course: Course.west }; // 270
 * ```
 */
export const Course: {
  readonly east: 90;
  readonly south: 180;
  readonly west: 270;
  readonly north: 360;
} = { east: 90, south: 180, west: 270, north: 360 } as const;

/**
 * Values of {@linkcode Truck.shippedHazardousGoods}.
 *
 * @example
 * ```ts
 * import { ShippedHazardousGoods } from "@ls/core";
 * const truck = { shippedHazardousGoods: [ShippedHazardousGoods.explosive] };
 * ```
 */
export const ShippedHazardousGoods: {
  readonly explosive: "explosive";
  readonly gas: "gas";
  readonly flammable: "flammable";
  readonly combustible: "combustible";
  readonly organic: "organic";
  readonly poison: "poison";
  readonly radioactive: "radioactive";
  readonly corrosive: "corrosive";
  readonly poisonousInhalation: "poisonousInhalation";
  readonly harmfulToWater: "harmfulToWater";
  readonly other: "other";
} = {
  explosive: "explosive",
  gas: "gas",
  flammable: "flammable",
  combustible: "combustible",
  organic: "organic",
  poison: "poison",
  radioactive: "radioactive",
  corrosive: "corrosive",
  poisonousInhalation: "poisonousInhalation",
  harmfulToWater: "harmfulToWater",
  other: "other",
} as const;

/** A hazardous-goods class: a known one, or any other string HERE adds. */
export type ShippedHazardousGoods =
  | (typeof ShippedHazardousGoods)[keyof typeof ShippedHazardousGoods]
  | (string & Record<never, never>);

/**
 * Values of {@linkcode Truck.tunnelCategory} (ADR tunnel categories).
 *
 * @example
 * ```ts
 * import { TunnelCategory } from "@ls/core";
 * const truck = { tunnelCategory: TunnelCategory.C };
 * ```
 */
export const TunnelCategory: {
  readonly B: "B";
  readonly C: "C";
  readonly D: "D";
  readonly E: "E";
} = { B: "B", C: "C", D: "D", E: "E" } as const;

/** A tunnel category: a known one, or any other string HERE adds. */
export type TunnelCategory =
  | (typeof TunnelCategory)[keyof typeof TunnelCategory]
  | (string & Record<never, never>);

/**
 * Values of {@linkcode Truck.type}.
 *
 * @example
 * ```ts
 * import { TruckType } from "@ls/core";
 * const truck = { type: TruckType.tractor };
 * ```
 */
export const TruckType: {
  readonly straight: "straight";
  readonly tractor: "tractor";
} = { straight: "straight", tractor: "tractor" } as const;

/** A truck type: a known one, or any other string HERE adds. */
export type TruckType =
  | (typeof TruckType)[keyof typeof TruckType]
  | (string & Record<never, never>);

// -------------------------------------------------------------------- types

/**
 * Place options of a waypoint (sent after `;`): how the position is matched
 * to the road network.
 *
 * @example
 * ```ts
 * import { PlaceOptions } from "@ls/core";
 * const a: PlaceOptions = { course: 90, radius: 10 };
 * const b = new PlaceOptions({ nameHint: "Invalidenstraße" });
 * ```
 */
export interface PlaceOptions {
  /** Preferred direction of travel, integer degrees clockwise from north, 0–360. */
  course?: number;
  /** A `[lat, lng]` on the side of the street to reach. */
  sideOfStreetHint?: LatLng;
  /** When to honour `sideOfStreetHint`; requires it. HERE's default: `onlyIfDivided`. */
  matchSideOfStreet?: MatchSideOfStreet;
  /** A street name that helps matching. */
  nameHint?: string;
  /** Match within this many metres (integer ≥ 0; HERE caps it at 200). */
  radius?: number;
  /** Metres over which `course` applies (integer ≥ 0; HERE caps it at 2000). */
  minCourseDistance?: number;
}

/** Builds {@linkcode PlaceOptions}; the constructor copies `init`. */
export class PlaceOptions {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: PlaceOptions = {}) {
    Object.assign(this, init);
  }
}

/**
 * Waypoint options (sent after `!`): what happens at the waypoint.
 *
 * @example
 * ```ts
 * import { WayPointOptions } from "@ls/core";
 * const stop: WayPointOptions = { stopDuration: 600 };
 * const pass = new WayPointOptions({ passThrough: true });
 * ```
 */
export interface WayPointOptions {
  /** Seconds spent at the waypoint, integer 0–49999. Not allowed on the origin. */
  stopDuration?: number;
  /** Pass through without stopping. Only on vias; not with `stopDuration` > 0. */
  passThrough?: boolean;
}

/** Builds {@linkcode WayPointOptions}; the constructor copies `init`. */
export class WayPointOptions {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: WayPointOptions = {}) {
    Object.assign(this, init);
  }
}

/**
 * An intermediate waypoint of a route.
 *
 * @example
 * ```ts
 * import { Via } from "@ls/core";
 * const via: Via = { lat: 52.52, lng: 13.43, waypointOptions: { passThrough: true } };
 * const same = new Via(via);
 * ```
 */
export interface Via {
  /** Latitude, -90 to 90. */
  lat: number;
  /** Longitude, -180 to 180. */
  lng: number;
  /** Place options of this via. */
  placeOptions?: PlaceOptions;
  /** Waypoint options of this via. */
  waypointOptions?: WayPointOptions;
}

/** Builds a {@linkcode Via}; the constructor copies `init`. */
export class Via {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: Via) {
    Object.assign(this, init);
  }
}

/**
 * Vehicle restrictions for truck routing. Only the fields given are sent;
 * nothing is defaulted.
 *
 * @example
 * ```ts
 * import { Truck } from "@ls/core";
 * const truck: Truck = { grossWeight: 12000, height: 380, shippedHazardousGoods: ["explosive"] };
 * const same = new Truck(truck);
 * ```
 */
export interface Truck {
  /** Classes of hazardous goods on board. */
  shippedHazardousGoods?: readonly ShippedHazardousGoods[];
  /** Total weight including trailers and load, integer kilograms. */
  grossWeight?: number;
  /** Weight per axle, integer kilograms. */
  weightPerAxle?: number;
  /** Height, integer centimetres. */
  height?: number;
  /** Width, integer centimetres. */
  width?: number;
  /** Length, integer centimetres. */
  length?: number;
  /** ADR tunnel category (`B`, `C`, `D`, `E`). */
  tunnelCategory?: TunnelCategory;
  /** Number of axles, an integer. */
  axleCount?: number;
  /** Truck type (`straight`, `tractor`). */
  type?: TruckType;
  /** Number of trailers, an integer. */
  trailerCount?: number;
}

/** Builds a {@linkcode Truck}; the constructor copies `init`. */
export class Truck {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: Truck = {}) {
    Object.assign(this, init);
  }
}

/**
 * Scooter options.
 *
 * @example
 * ```ts
 * import { Scooter } from "@ls/core";
 * const scooter: Scooter = { allowHighway: true };
 * ```
 */
export interface Scooter {
  /** Allow controlled-access highways. HERE's default: `false`. */
  allowHighway?: boolean;
}

/** Builds {@linkcode Scooter} options; the constructor copies `init`. */
export class Scooter {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: Scooter = {}) {
    Object.assign(this, init);
  }
}

/**
 * A rectangular area to avoid. `west` greater than `east` denotes a box that
 * crosses the antimeridian; it is sent unchanged.
 *
 * @example
 * ```ts
 * import { AvoidBoundingBox } from "@ls/core";
 * const area: AvoidBoundingBox = { north: 52.53, south: 52.51, west: 13.41, east: 13.43 };
 * const same = new AvoidBoundingBox(area);
 * ```
 */
export interface AvoidBoundingBox {
  /** Northern latitude, -90 to 90, not less than `south`. */
  north: number;
  /** Southern latitude, -90 to 90. */
  south: number;
  /** Western longitude, -180 to 180. */
  west: number;
  /** Eastern longitude, -180 to 180. */
  east: number;
}

/** Builds an {@linkcode AvoidBoundingBox}; the constructor copies `init`. */
export class AvoidBoundingBox {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: AvoidBoundingBox) {
    Object.assign(this, init);
  }
}

/** The JSON form of an avoided bounding box (matrix `avoid.areas[]`). */
export interface AvoidAreaJson {
  /** Always `"boundingBox"`. */
  type: "boundingBox";
  /** Northern latitude. */
  north: number;
  /** Southern latitude. */
  south: number;
  /** Western longitude. */
  west: number;
  /** Eastern longitude. */
  east: number;
}

// ------------------------------------------------------------------ schemas

const placeOptionsSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    course: z.optional(integer(0, 360)),
    sideOfStreetHint: z.optional(latLngSchema),
    matchSideOfStreet: z.optional(nonEmptyString),
    nameHint: z.optional(nonEmptyString),
    radius: z.optional(nonNegativeInteger),
    minCourseDistance: z.optional(nonNegativeInteger),
  }).check(
    z.refine(
      (o) =>
        o.matchSideOfStreet === undefined || o.sideOfStreetHint !== undefined,
      {
        error: "requires sideOfStreetHint",
        path: ["matchSideOfStreet"],
      },
    ),
  ))();

const waypointOptionsSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    stopDuration: z.optional(integer(0, 49999)),
    passThrough: z.optional(z.boolean()),
  }).check(
    z.refine((o) => o.passThrough !== true || !o.stopDuration, {
      error: "cannot be combined with a stopDuration greater than 0",
      path: ["passThrough"],
    }),
  ))();

const viaSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    lat: latitude,
    lng: longitude,
    placeOptions: z.optional(placeOptionsSchema),
    waypointOptions: z.optional(waypointOptionsSchema),
  }))();

const truckSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    shippedHazardousGoods: z.optional(
      z.array(nonEmptyString, { error: "must be an array" }),
    ),
    grossWeight: z.optional(nonNegativeInteger),
    weightPerAxle: z.optional(nonNegativeInteger),
    height: z.optional(nonNegativeInteger),
    width: z.optional(nonNegativeInteger),
    length: z.optional(nonNegativeInteger),
    tunnelCategory: z.optional(nonEmptyString),
    axleCount: z.optional(nonNegativeInteger),
    type: z.optional(nonEmptyString),
    trailerCount: z.optional(nonNegativeInteger),
  }))();

const scooterSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    allowHighway: z.optional(z.boolean()),
  }))();

const avoidAreasSchema =
  /* @__PURE__ */ (() =>
    z.array(boundingBoxObjectSchema, {
      error: "must be an array",
    }).check(
      z.refine((areas) => areas.length <= 250, {
        error: "must have at most 250 areas",
      }),
    ))();

// -------------------------------------------------------------- waypoints

/** Which waypoint a value is; decides which waypoint options are allowed. */
export type WaypointRole = "origin" | "destination" | "via";

/** Options of {@linkcode formatWaypoint}. */
export interface WaypointFormatOptions {
  /** Place options, reported as `<parameter>PlaceOptions` on error. */
  placeOptions?: PlaceOptions;
  /** Waypoint options, reported as `<parameter>WaypointOptions` on error. */
  waypointOptions?: WayPointOptions;
  /** `origin` forbids `stopDuration`; only `via` allows `passThrough`. */
  role: WaypointRole;
  /** The parameter name used in errors, e.g. `"origin"`. */
  parameter: string;
}

/**
 * Serialises a waypoint (`origin`, `destination` or one `via`): `lat,lng`,
 * then each place option after `;`, then each waypoint option after `!`.
 * Delimiters are literal; `nameHint` and `matchSideOfStreet` are content,
 * encoded strictly; numbers never use exponents; booleans are `true`/`false`.
 *
 * Rules: valid coordinates; `course` an integer 0–360; `radius` and
 * `minCourseDistance` integers ≥ 0; `sideOfStreetHint` a valid `[lat, lng]`;
 * `matchSideOfStreet` only with `sideOfStreetHint`; `stopDuration` an
 * integer 0–49999 and not on the origin (not even 0); `passThrough` only on a
 * via and never with `stopDuration` > 0; no unknown keys.
 *
 * @example
 * ```ts
 * import { formatWaypoint } from "@ls/core";
 * formatWaypoint([52.51375, 13.42462], {
 *   role: "origin",
 *   parameter: "origin",
 *   placeOptions: { course: 270, radius: 10, minCourseDistance: 10 },
 * }); // "52.51375,13.42462;course=270;radius=10;minCourseDistance=10"
 * ```
 *
 * @throws {ValueError} naming e.g. `origin[0]`, `originPlaceOptions.course`
 * or `originWaypointOptions.stopDuration`
 */
export function formatWaypoint(
  position: LatLng,
  opts: WaypointFormatOptions,
): string {
  const { parameter, role } = opts;
  const [lat, lng] = validateLatLng(position, parameter);
  const place = parseWith(
    z.optional(placeOptionsSchema),
    opts.placeOptions,
    `${parameter}PlaceOptions`,
  );
  const wpParameter = `${parameter}WaypointOptions`;
  const waypoint = parseWith(
    z.optional(waypointOptionsSchema),
    opts.waypointOptions,
    wpParameter,
  );
  return serialiseWaypoint(lat, lng, place, waypoint, role, wpParameter);
}

/**
 * Serialises one {@linkcode Via} for a repeated `via=` key, with the rules of
 * {@linkcode formatWaypoint} for the role `via`. Errors name `via[<index>]`.
 *
 * @example
 * ```ts
 * import { formatVia } from "@ls/core";
 * formatVia({ lat: 52.52426, lng: 13.43, waypointOptions: { passThrough: true } }, 0);
 * // "52.52426,13.43!passThrough=true"
 * ```
 *
 * @throws {ValueError} naming e.g. `via[0].lat` or `via[2].waypointOptions.stopDuration`
 */
export function formatVia(via: Via, index: number): string {
  const parameter = `via[${index}]`;
  const v = parseWith(viaSchema, via, parameter);
  return serialiseWaypoint(
    v.lat,
    v.lng,
    v.placeOptions,
    v.waypointOptions,
    "via",
    `${parameter}.waypointOptions`,
  );
}

function serialiseWaypoint(
  lat: number,
  lng: number,
  place: z.output<typeof placeOptionsSchema> | undefined,
  waypoint: z.output<typeof waypointOptionsSchema> | undefined,
  role: WaypointRole,
  wpParameter: string,
): string {
  let out = formatLatLng(lat, lng);
  if (place) {
    if (place.course !== undefined) {
      out += `;course=${formatInteger(place.course)}`;
    }
    if (place.sideOfStreetHint) {
      out += `;sideOfStreetHint=${formatLatLng(...place.sideOfStreetHint)}`;
    }
    if (place.matchSideOfStreet !== undefined) {
      out += `;matchSideOfStreet=${encodeContent(place.matchSideOfStreet)}`;
    }
    if (place.nameHint !== undefined) {
      out += `;nameHint=${encodeContent(place.nameHint)}`;
    }
    if (place.radius !== undefined) {
      out += `;radius=${formatInteger(place.radius)}`;
    }
    if (place.minCourseDistance !== undefined) {
      out += `;minCourseDistance=${formatInteger(place.minCourseDistance)}`;
    }
  }
  if (waypoint) {
    const { stopDuration, passThrough } = waypoint;
    if (stopDuration !== undefined) {
      if (role === "origin") {
        throw new ValueError(
          `${wpParameter}.stopDuration`,
          "is not allowed on the origin",
          stopDuration,
        );
      }
      out += `!stopDuration=${formatInteger(stopDuration)}`;
    }
    if (passThrough !== undefined) {
      if (role !== "via") {
        throw new ValueError(
          `${wpParameter}.passThrough`,
          "is only allowed on a via",
          passThrough,
        );
      }
      out += `!passThrough=${formatBoolean(passThrough)}`;
    }
  }
  return out;
}

// ------------------------------------------------------- truck and scooter

const TRUCK_FIELDS: readonly (keyof Truck)[] = [
  "shippedHazardousGoods",
  "grossWeight",
  "weightPerAxle",
  "height",
  "width",
  "length",
  "tunnelCategory",
  "axleCount",
  "type",
  "trailerCount",
];

/** The validated fields that were given, in wire order; empty lists dropped. */
function truckEntries(
  truck: unknown,
  parameter: string,
): [string, string | number | string[]][] {
  const parsed: Record<string, unknown> = parseWith(
    truckSchema,
    truck,
    parameter,
  );
  const entries: [string, string | number | string[]][] = [];
  for (const key of TRUCK_FIELDS) {
    const value = parsed[key] as string | number | string[] | undefined;
    if (value === undefined || (Array.isArray(value) && value.length === 0)) {
      continue;
    }
    entries.push([key, value]);
  }
  return entries;
}

/**
 * Adds truck options to a routing or isoline query as deep-object keys with
 * the `vehicle[...]` prefix, which routing.md §7.1 recommends over the
 * possibly deprecated `truck[...]` (same fields). Only the fields given are
 * sent — no `type` or `trailerCount` defaults; an empty hazardous-goods list
 * is omitted. Weights (kg), dimensions (cm), `axleCount` and `trailerCount`
 * must be integers ≥ 0. `undefined` adds nothing.
 *
 * @example
 * ```ts
 * import { appendTruck, Query } from "@ls/core";
 * const q = appendTruck(new Query(), { grossWeight: 12000, shippedHazardousGoods: ["explosive", "gas"] });
 * q.toString();
 * // "vehicle%5BshippedHazardousGoods%5D=explosive,gas&vehicle%5BgrossWeight%5D=12000"
 * ```
 *
 * @throws {ValueError} naming e.g. `truck.height`
 */
export function appendTruck(
  query: Query,
  truck: Truck | undefined,
  parameter = "truck",
): Query {
  if (truck === undefined) return query;
  for (const [key, value] of truckEntries(truck, parameter)) {
    const wireKey = `vehicle[${key}]`;
    if (typeof value === "number") {
      query.setStructured(wireKey, formatInteger(value));
    } else query.set(wireKey, value);
  }
  return query;
}

/**
 * The JSON form of truck options for a matrix body's `truck` object: the
 * fields given, numbers as numbers, lists as arrays (empty lists omitted).
 *
 * @example
 * ```ts
 * import { truckToJson } from "@ls/core";
 * truckToJson({ height: 380, shippedHazardousGoods: ["explosive"] });
 * // { shippedHazardousGoods: ["explosive"], height: 380 }
 * ```
 *
 * @throws {ValueError} naming e.g. `truck.grossWeight`
 */
export function truckToJson(
  truck: Truck,
  parameter = "truck",
): Record<string, unknown> {
  return Object.fromEntries(truckEntries(truck, parameter));
}

/**
 * Adds scooter options to a query: `scooter[allowHighway]=true|false`.
 * `undefined` adds nothing.
 *
 * @example
 * ```ts
 * import { appendScooter, Query } from "@ls/core";
 * appendScooter(new Query(), { allowHighway: true }).toString();
 * // "scooter%5BallowHighway%5D=true"
 * ```
 *
 * @throws {ValueError} naming `scooter.allowHighway` for a non-boolean
 */
export function appendScooter(
  query: Query,
  scooter: Scooter | undefined,
  parameter = "scooter",
): Query {
  if (scooter === undefined) return query;
  const { allowHighway } = parseWith(scooterSchema, scooter, parameter);
  if (allowHighway !== undefined) {
    query.setStructured("scooter[allowHighway]", formatBoolean(allowHighway));
  }
  return query;
}

// ------------------------------------------------------ avoid and exclude

/**
 * The `avoid[areas]` value for bounding boxes: `bbox:west,south,east,north`
 * per area, joined with `|` sent as `%7C`. At most 250 areas. Returns
 * `undefined` for `undefined` or an empty list, so the key is omitted
 * (`Query.setStructured` skips `undefined`).
 *
 * @example
 * ```ts
 * import { formatAvoidAreas } from "@ls/core";
 * formatAvoidAreas([
 *   { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
 *   { west: 13.44, south: 52.54, east: 13.46, north: 52.56 },
 * ]); // "bbox:13.41,52.51,13.43,52.53%7Cbbox:13.44,52.54,13.46,52.56"
 * ```
 *
 * @throws {ValueError} naming e.g. `avoidAreas[1].north`, or
 * `avoidAreas[0]` when south is greater than north
 */
export function formatAvoidAreas(
  areas: readonly AvoidBoundingBox[] | undefined,
  parameter = "avoidAreas",
): string | undefined {
  if (areas === undefined || (Array.isArray(areas) && areas.length === 0)) {
    return undefined;
  }
  return parseWith(avoidAreasSchema, areas, parameter)
    .map(({ west, south, east, north }) =>
      `bbox:${[west, south, east, north].map((n) => formatNumber(n)).join(",")}`
    )
    .join("%7C");
}

/**
 * The matrix JSON form of an avoided bounding box:
 * `{ type: "boundingBox", north, south, west, east }`.
 *
 * @example
 * ```ts
 * import { avoidAreaToJson } from "@ls/core";
 * avoidAreaToJson({ north: 52.53, south: 52.51, west: 13.41, east: 13.43 });
 * // { type: "boundingBox", north: 52.53, south: 52.51, west: 13.41, east: 13.43 }
 * ```
 *
 * @throws {ValueError} for out-of-range edges or south greater than north
 */
export function avoidAreaToJson(
  area: AvoidBoundingBox,
  parameter = "avoidArea",
): AvoidAreaJson {
  const { north, south, west, east } = parseWith(
    boundingBoxObjectSchema,
    area,
    parameter,
  );
  return { type: "boundingBox", north, south, west, east };
}

/**
 * The `exclude[countries]` value: upper-case ISO 3166-1 alpha-3 codes joined
 * with `,`. Returns `undefined` for `undefined` or an empty list, so the key
 * is omitted.
 *
 * @example
 * ```ts
 * import { formatCountryList } from "@ls/core";
 * formatCountryList(["CHE", "AUT"]); // "CHE,AUT"
 * ```
 *
 * @throws {ValueError} for a malformed code, naming e.g. `excludeCountries[1]`
 */
export function formatCountryList(
  codes: readonly string[] | undefined,
  parameter = "excludeCountries",
): string | undefined {
  if (codes === undefined || (Array.isArray(codes) && codes.length === 0)) {
    return undefined;
  }
  return validateCountryCodes(codes, parameter).join(",");
}

// ---------------------------------------------------------- routing mode

/** Transport modes HERE routes with `routingMode=fast` only (routing.md). */
const FAST_ONLY: readonly string[] = [
  "bicycle",
  "bus",
  "pedestrian",
  "privateBus",
  "scooter",
  "taxi",
];

/**
 * Returns `routingMode` after checking it against the transport mode: HERE
 * supports `"short"` for neither bicycle, bus, pedestrian, privateBus,
 * scooter nor taxi (it answers `E605012`). Other values, unknown ones
 * included, pass unchanged.
 *
 * @example
 * ```ts
 * import { checkRoutingMode } from "@ls/core";
 * checkRoutingMode("short", "car"); // "short"
 * // checkRoutingMode("short", "bicycle") throws a ValueError for routingMode
 * ```
 *
 * @throws {ValueError} for `"short"` with one of those modes
 */
export function checkRoutingMode(
  routingMode: string,
  transportMode: string,
): string {
  if (routingMode === "short" && FAST_ONLY.includes(transportMode)) {
    throw new ValueError(
      "routingMode",
      `must be "fast" for transportMode "${transportMode}" (HERE answers E605012 to "short")`,
      routingMode,
    );
  }
  return routingMode;
}
