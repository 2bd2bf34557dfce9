/**
 * Waypoints on the wire: {@linkcode formatWaypoint} writes an `origin` or a
 * `destination`, {@linkcode formatVia} one `via`, each as `lat,lng`, then
 * every place option after `;` and every waypoint option after `!`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatWaypoint } from "./waypoints.ts";
 * const destination = formatWaypoint([52.5, 13.4], {
 *   role: "destination",
 *   parameter: "destination",
 *   placeOptions: { course: 270, nameHint: "Main St; Gate 2" },
 *   waypointOptions: { stopDuration: 300 },
 * });
 * assert.equal(destination, "52.5,13.4;course=270;nameHint=Main%20St%3B%20Gate%202!stopDuration=300");
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { ValueError } from "../errors/errors.ts";
import { lazy } from "../params/lazy.ts";
import { formatBoolean, formatInteger } from "../params/format.ts";
import { encodeContent, type Query } from "../params/query.ts";
import { formatLatLng } from "../geo/coordinates.ts";
import {
  integer,
  nonEmptyString,
  nonNegativeInteger,
  parseWith,
} from "../params/validate.ts";
import { type LatLngLike, parsePoint, pointSchema } from "../geo/point.ts";
import {
  MatchSideOfStreet,
  type PlaceOptions,
  type WayPointOptions,
} from "./route_options.ts";

/** Place options, or none. */
const placeOptionsSchema = /* @__PURE__ */ lazy(() =>
  z.optional(
    z.strictObject({
      course: z.optional(integer(0, 360)),
      sideOfStreetHint: z.optional(pointSchema()),
      matchSideOfStreet: z.optional(z.enum(Object.values(MatchSideOfStreet))),
      nameHint: z.optional(nonEmptyString()),
      radius: z.optional(nonNegativeInteger()),
      minCourseDistance: z.optional(nonNegativeInteger()),
    }).check(
      z.refine(
        (o) =>
          o.matchSideOfStreet === undefined || o.sideOfStreetHint !== undefined,
        {
          error: "requires sideOfStreetHint",
          path: ["matchSideOfStreet"],
        },
      ),
    ),
  )
);

/** Waypoint options, or none. */
const waypointOptionsSchema = /* @__PURE__ */ lazy(() =>
  z.optional(
    z.strictObject({
      stopDuration: z.optional(integer(0, 49999)),
      passThrough: z.optional(z.boolean()),
    }).check(
      z.refine((o) => o.passThrough !== true || !o.stopDuration, {
        error: "cannot be combined with a stopDuration greater than 0",
        path: ["passThrough"],
      }),
    ),
  )
);

/** A via with options: the seed's `{ lat, lng, … }` (a response's `elv` ignored). */
const viaLatLngSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    lat: z.unknown(),
    lng: z.unknown(),
    elv: z.optional(z.unknown()),
    placeOptions: placeOptionsSchema(),
    waypointOptions: waypointOptionsSchema(),
  })
);

/** A via with options: `{ point, … }`, any point form. */
const viaPointSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    point: pointSchema(),
    placeOptions: placeOptionsSchema(),
    waypointOptions: waypointOptionsSchema(),
  })
);

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
 * Rules: a valid point in any form (`[lat, lng]`, `{ lat, lng }`, a
 * GeoJSON `Point` or `Feature`); `course` an integer 0–360; `radius` and
 * `minCourseDistance` integers ≥ 0; `sideOfStreetHint` a valid point;
 * `matchSideOfStreet` `always` or `onlyIfDivided`, and only with
 * `sideOfStreetHint`; `stopDuration` an
 * integer 0–49999 and not on the origin (not even 0); `passThrough` only on a
 * via and never with `stopDuration` > 0; no unknown keys.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatWaypoint } from "./waypoints.ts";
 * const origin = formatWaypoint([52.51375, 13.42462], {
 *   role: "origin",
 *   parameter: "origin",
 *   placeOptions: { course: 270, radius: 10, minCourseDistance: 10 },
 * });
 * assert.equal(origin, "52.51375,13.42462;course=270;radius=10;minCourseDistance=10");
 * assert.throws(
 *   () => formatWaypoint([52.5, 13.4], { role: "origin", parameter: "origin", waypointOptions: { stopDuration: 60 } }),
 *   /originWaypointOptions.stopDuration: is not allowed on the origin/,
 * );
 * ```
 *
 * @throws {ValueError} naming e.g. `origin[0]`, `originPlaceOptions.course`
 * or `originWaypointOptions.stopDuration`
 */
export function formatWaypoint(
  position: LatLngLike,
  opts: WaypointFormatOptions,
): string {
  const { parameter, role } = opts;
  const { lat, lng } = parsePoint(position, parameter);
  const place = parseWith(
    placeOptionsSchema(),
    opts.placeOptions,
    `${parameter}PlaceOptions`,
  );
  const wpParameter = `${parameter}WaypointOptions`;
  const waypoint = parseWith(
    waypointOptionsSchema(),
    opts.waypointOptions,
    wpParameter,
  );
  return serialiseWaypoint(lat, lng, place, waypoint, role, wpParameter);
}

/**
 * Serialises one via for a repeated `via=` key, with the rules of
 * {@linkcode formatWaypoint} for the role `via`. A via is any point
 * (`[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or `Feature`) without
 * options, the seed's `{ lat, lng, placeOptions?, waypointOptions? }`, or
 * `{ point, placeOptions?, waypointOptions? }` for any point with options. Errors name
 * `via[<index>]`. A via object with `lat`/`lng` or `point` is strict: a key
 * that is not an option (a misspelt `waypointOption`) is an error, not
 * dropped; only a response location's `elv` is ignored.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatVia } from "@ls/core/internal";
 * const via = formatVia({ lat: 52.52426, lng: 13.43, waypointOptions: { passThrough: true } }, 0);
 * assert.equal(via, "52.52426,13.43!passThrough=true");
 * assert.equal(formatVia([52.52, 13.43], 1), "52.52,13.43");
 * assert.equal(
 *   formatVia({ point: { type: "Point", coordinates: [13.43, 52.52] }, waypointOptions: { stopDuration: 60 } }, 1),
 *   "52.52,13.43!stopDuration=60",
 * );
 * assert.throws(() => formatVia({ lat: 95, lng: 13.43 }, 2), /via\[2\]\.lat/);
 * assert.throws(() => formatVia({ lat: 52.5, lng: 13.4, waypointOption: {} } as never, 0), {
 *   message: "Invalid via[0].waypointOption: is not a known option, got {}",
 * });
 * ```
 *
 * @throws {ValueError} naming e.g. `via[0].lat`, `via[1][0]`,
 * `via[1].point.lng` or `via[2].waypointOptions.stopDuration`
 */
export function formatVia(via: unknown, index: number): string {
  const parameter = `via[${index}]`;
  const wpParameter = `${parameter}.waypointOptions`;
  if (
    typeof via === "object" && via !== null && !Array.isArray(via) &&
    !("type" in via)
  ) {
    if ("point" in via) {
      const v = parseWith(viaPointSchema(), via, parameter);
      return serialiseWaypoint(
        v.point.lat,
        v.point.lng,
        v.placeOptions,
        v.waypointOptions,
        "via",
        wpParameter,
      );
    }
    const v = parseWith(viaLatLngSchema(), via, parameter);
    const { lat, lng } = parsePoint({ lat: v.lat, lng: v.lng }, parameter);
    return serialiseWaypoint(
      lat,
      lng,
      v.placeOptions,
      v.waypointOptions,
      "via",
      wpParameter,
    );
  }
  const { lat, lng } = parsePoint(via, parameter);
  return serialiseWaypoint(lat, lng, undefined, undefined, "via", wpParameter);
}

function serialiseWaypoint(
  lat: number,
  lng: number,
  place: z.output<ReturnType<typeof placeOptionsSchema>>,
  waypoint: z.output<ReturnType<typeof waypointOptionsSchema>>,
  role: WaypointRole,
  wpParameter: string,
): string {
  let out = formatLatLng(lat, lng);
  if (place) {
    if (place.course !== undefined) {
      out += `;course=${formatInteger(place.course)}`;
    }
    if (place.sideOfStreetHint) {
      const { lat, lng } = place.sideOfStreetHint;
      out += `;sideOfStreetHint=${formatLatLng(lat, lng)}`;
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

/**
 * The parameters a route or isoline request takes for its ends: each end's
 * position and options, flat, as the routing and isoline functions accept
 * them.
 */
export interface WaypointParams {
  /** Start: `[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or `Feature`. */
  origin?: LatLngLike;
  /** Place options of the origin. */
  originPlaceOptions?: PlaceOptions;
  /** Waypoint options of the origin. */
  originWaypointOptions?: WayPointOptions;
  /** End: `[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or `Feature`. */
  destination?: LatLngLike;
  /** Place options of the destination. */
  destinationPlaceOptions?: PlaceOptions;
  /** Waypoint options of the destination. */
  destinationWaypointOptions?: WayPointOptions;
}

/**
 * Sets the `origin` or `destination` key of a query from `params`: the
 * position `params[end]` with `params[end + "PlaceOptions"]` and
 * `params[end + "WaypointOptions"]`, serialised by
 * {@linkcode formatWaypoint} with errors named after those parameters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { setWaypoint } from "@ls/core/internal";
 * const params = { origin: [52.5, 13.4] as [number, number], originPlaceOptions: { course: 90 } };
 * assert.equal(setWaypoint(new Query(), "origin", params).toString(), "origin=52.5,13.4;course=90");
 * assert.throws(() => setWaypoint(new Query(), "destination", params), /Invalid destination/);
 * ```
 *
 * @throws {ValueError} for a missing or invalid position or invalid options
 */
export function setWaypoint(
  query: Query,
  end: "origin" | "destination",
  params: WaypointParams,
): Query {
  return query.setStructured(
    end,
    formatWaypoint(params[end] as LatLngLike, {
      role: end,
      parameter: end,
      placeOptions: params[`${end}PlaceOptions`],
      waypointOptions: params[`${end}WaypointOptions`],
    }),
  );
}
