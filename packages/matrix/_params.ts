// Checks of the values of matrix parameters: each returns the value as the
// request body sends it, or undefined when it was not given.

import * as z from "zod/mini";
import {
  type AvoidBoundingBox,
  type LatLngObject,
  RoutingMode,
  TransportMode,
  ValueError,
} from "@ls/core";
import {
  avoidAreaToJson,
  lazy,
  parsePoint,
  parseWith,
} from "@ls/core/internal";
import {
  MatrixAttribute,
  MatrixAvoidFeature,
  MatrixProfile,
} from "./constants.ts";
import { MAX_POINTS } from "./_tiling.ts";

// Closed sets: the message lists the allowed values.
const NAMED = {
  profile: /* @__PURE__ */ lazy(() => z.enum(Object.values(MatrixProfile))),
  routingMode: /* @__PURE__ */ lazy(() => z.enum(Object.values(RoutingMode))),
  transportMode: /* @__PURE__ */ lazy(() =>
    z.enum(Object.values(TransportMode))
  ),
};
const avoidFeatureSchema = /* @__PURE__ */ lazy(() =>
  z.enum(Object.values(MatrixAvoidFeature))
);
const attributeSchema = /* @__PURE__ */ lazy(() =>
  z.enum(Object.values(MatrixAttribute))
);

/**
 * `profile` (one of {@linkcode MatrixProfile}), `routingMode` (`"fast"` or
 * `"short"`) or `transportMode` (one of core's `TransportMode` values).
 */
export function namedValue(
  parameter: keyof typeof NAMED,
  value: unknown,
): string | undefined {
  return value === undefined
    ? undefined
    : parseWith(NAMED[parameter](), value, parameter);
}

/**
 * HERE's `avoid` object from `avoidFeatures` and `avoidAreas`: each sent
 * whether or not the other is given; undefined when both are empty.
 */
export function avoidValue(
  avoidFeatures: unknown,
  avoidAreas: unknown,
): Record<string, unknown> | undefined {
  const avoid: Record<string, unknown> = {};
  const features = list(avoidFeatures, "avoidFeatures");
  if (features?.length) {
    // Array.from, not map: map keeps a hole, which the body sends as null.
    avoid.features = Array.from(
      features,
      (f, i) => parseWith(avoidFeatureSchema(), f, `avoidFeatures[${i}]`),
    );
  }
  const areas = list(avoidAreas, "avoidAreas");
  if (areas?.length) {
    avoid.areas = Array.from(
      areas,
      (a, i) => avoidAreaToJson(a as AvoidBoundingBox, `avoidAreas[${i}]`),
    );
  }
  return avoid.features || avoid.areas ? avoid : undefined;
}

/** `matrixAttributes`: a non-empty list of attributes, without repeats. */
export function matrixAttributesValue(value: unknown): unknown[] | undefined {
  const attributes = list(value, "matrixAttributes");
  if (attributes === undefined) return undefined;
  if (attributes.length === 0) {
    throw new ValueError(
      "matrixAttributes",
      'must list "travelTimes" and/or "distances"',
      attributes,
    );
  }
  // Array.from visits every index, holes included (forEach skips them).
  const checked = Array.from(
    attributes,
    (a, i) => parseWith(attributeSchema(), a, `matrixAttributes[${i}]`),
  );
  return [...new Set(checked)];
}

/**
 * `origins` or `destinations`: 1 to {@linkcode MAX_POINTS} points, as
 * `{ lat, lng }` copies; undefined when not given and not `required`.
 */
export function pointsValue(
  value: unknown,
  parameter: string,
  required: boolean,
): LatLngObject[] | undefined {
  if (value === undefined && !required) return undefined;
  if (!Array.isArray(value) || value.length === 0) {
    throw new ValueError(
      parameter,
      "must be a non-empty array of points ([lat, lng], { lat, lng }, or a GeoJSON Point or Feature)",
      value,
    );
  }
  if (value.length > MAX_POINTS) {
    throw new ValueError(
      parameter,
      `must have at most ${MAX_POINTS} points (HERE's largest matrix is 10,000 × 10,000)`,
      `${value.length} points`,
    );
  }
  // Array.from visits every index, holes included (map skips them).
  return Array.from(value, (v, i) => parsePoint(v, `${parameter}[${i}]`));
}

/** The entries of `fields` whose value is not undefined, in their order. */
export function definedFields(
  fields: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  );
}

function list(value: unknown, parameter: string): unknown[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    throw new ValueError(parameter, "must be an array", value);
  }
  return value;
}
