/**
 * `@ls/core/internal`: the plumbing the `@ls/*` domain packages share —
 * parameter checks and zod/mini building blocks, query formatting, the job
 * poller, the guarded body readers, deadlines and redaction. It is
 * published so those packages can depend on it, but it is **not covered by
 * semver**: names here may change in any release. Applications use
 * `@ls/core`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkKeys } from "@ls/core/internal";
 * assert.throws(() => checkKeys({ limt: 5 }, ["limit", "lang"]), /did you mean "limit"/);
 * ```
 *
 * @module
 */

/**
 * zod/mini's schema type, which the validation building blocks return:
 * domain packages compose them with zod/mini.
 */
export type { ZodMiniType } from "zod/mini";
/** zod's check type, which {@linkcode minLength} returns. */
export type { $ZodCheck } from "zod/v4/core";
export * from "./validate.ts";
export * from "./check_params.ts";
export * from "./format.ts";
export * from "./poller.ts";
export * from "./retry.ts";
export * from "./oauth.ts";
export { checkRequestOptions, requestHeaders } from "./_client_checks.ts";
export { MAX_REDIRECTS } from "./_redirect.ts";
export {
  boundingBoxObjectSchema,
  boundingBoxSchema,
  type CountryCodeOptions,
  formatLatLng,
  inCountryCodes,
  latitude,
  latLngObjectSchema,
  latLngSchema,
  longitude,
  validateBbox,
  validateCountryCodes,
  validateLatLng,
  validateLatLngObject,
} from "./coordinates.ts";
export {
  formatPoint,
  parseOptionalPoint,
  parsePoint,
  parsePoints,
  pointSchema,
} from "./point.ts";
export { inBbox, inCircle, parseBox, parseCircle } from "./area.ts";
export { describe } from "./_describe.ts";
export {
  defaultTokenUrl,
  isHereHost,
  serviceOrigin,
  SERVICES,
} from "./hosts.ts";
export {
  formatVia,
  formatWaypoint,
  setWaypoint,
  type WaypointFormatOptions,
  type WaypointParams,
  type WaypointRole,
} from "./waypoints.ts";
export {
  appendScooter,
  appendTruck,
  appendVehicleFields,
  TRUCK_FIELDS,
  truckToJson,
} from "./vehicles.ts";
export { appendEv, type AppendEvOptions } from "./ev.ts";
export {
  type AvoidAreaJson,
  avoidAreaToJson,
  formatAvoidAreas,
  formatCountryList,
} from "./avoid_areas.ts";
export {
  checkRoutingMode,
  departureTimeValue,
  routingModeValue,
} from "./routing_vocabulary.ts";
export { namedValues } from "./named_values.ts";
export { nameListValue, politicalViewValue } from "./search_params.ts";
export { encodeContent } from "./query.ts";
export {
  type BodyChunks,
  bodyChunks,
  buffered,
  DEFAULT_MAX_JSON_BYTES,
  DEFAULT_MAX_STATUS_BYTES,
  DEFAULT_MAX_TOKEN_BYTES,
  MAX_ERROR_BYTES,
  MAX_JSON_DEPTH,
  parseJsonObject,
  parseJsonText,
  readBytes,
  type ReadContext,
  type ReadGuard,
  readJson,
  readJsonBody,
  readText,
  type ResponseReader,
} from "./_read.ts";
export { Deadline } from "./_deadline.ts";
export {
  type Job,
  type JobAcceptance,
  type JobResult,
  runJob,
} from "./_job.ts";
export { failedJobError, responseFacts } from "./_job_response.ts";
export { sleep } from "./_timers.ts";
export { checkBudget, type CheckedBudget } from "./limiter.ts";
export { wrapObjects } from "./_wrap_objects.ts";
export { scrubbing } from "./_scrub_input_error.ts";
