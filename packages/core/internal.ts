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

// Parameter checks and zod/mini building blocks.
export {
  checkJson,
  checkKeys,
  type CheckKeysOptions,
  checkOperation,
  checkParams,
  isRecord,
  keyPath,
  nonBlankString,
  stringList,
} from "./params/check_params.ts";
export {
  finiteNumber,
  fixedArray,
  integer,
  minLength,
  nonEmptyString,
  nonNegativeInteger,
  numberInRange,
  parseWith,
  positiveInteger,
  stringMatching,
} from "./params/validate.ts";
export {
  type DateTimeFormatOptions,
  formatBoolean,
  formatDateTime,
  formatInteger,
  formatNumber,
  validateLanguages,
} from "./params/format.ts";
export { lazy } from "./params/lazy.ts";
export { namedValues } from "./params/named_values.ts";
export { encodeContent } from "./params/query.ts";
export { describe } from "./params/describe.ts";
export { wrapObjects } from "./params/wrap_objects.ts";
export { scrubbing } from "./redact/scrubbing.ts";

// The parameters Geocoding & Search operations share.
export {
  type AllKeys,
  limitValue,
  mapDetailRows,
  nameListValue,
  type SearchEntries,
  searchEntries,
  type SearchRow,
  type SearchTable,
  setSearchEntries,
  setSearchParams,
} from "./params/search_params.ts";

// Points, areas and countries.
export {
  formatLatLng,
  inCountryCodes,
  latitude,
  longitude,
} from "./geo/coordinates.ts";
export {
  formatPoint,
  parseOptionalPoint,
  parsePoint,
  parsePoints,
  pointSchema,
} from "./geo/point.ts";
export { inBbox, inCircle } from "./geo/area.ts";

// Routing vocabulary shared by routing, isoline, matrix and tour.
export {
  checkRoutingMode,
  departureTimeValue,
} from "./vocabulary/routing_vocabulary.ts";
export {
  formatVia,
  setWaypoint,
  type WaypointParams,
} from "./vocabulary/waypoints.ts";
export {
  appendScooter,
  appendTaxi,
  appendTruck,
  TRUCK_FIELDS,
  truckToJson,
} from "./vocabulary/vehicles.ts";
export {
  appendEv,
  type AppendEvOptions,
  formatPairs,
  speedTable,
} from "./vocabulary/ev.ts";
export {
  type AvoidAreaJson,
  avoidAreaToJson,
  formatAvoidAreas,
  formatCountryList,
} from "./vocabulary/avoid_areas.ts";
export {
  checkVehicleBody,
  setVehicleBody,
  VEHICLE_CATEGORIES,
  vehicleBodyShape,
} from "./vocabulary/vehicle_body.ts";
export {
  ENGINE_TYPES,
  FUEL_TYPES,
  OPTION_WIRE_NAMES,
  TOLL_TRANSPONDERS,
  ZONE_CATEGORIES,
} from "./vocabulary/route_extras.ts";
export {
  evWireNames,
  sendsDefault,
  setAvoid,
  setRoutingMode,
  truckWireNames,
} from "./vocabulary/route_checks.ts";

// The read path, deadlines and request options.
export {
  type BodyChunks,
  bodyChunks,
  parseJsonText,
  readBytes,
  type ReadGuard,
} from "./http/read.ts";
export { Deadline } from "./http/deadline.ts";
export { sleep } from "./http/timers.ts";
export { checkRequestOptions, requestHeaders } from "./client/client_checks.ts";
export { plainRequestOptions } from "./http/request_options.ts";

// Asynchronous jobs: submit, poll, fetch the result.
export {
  type Job,
  type JobAcceptance,
  type JobResult,
  runJob,
} from "./jobs/job_runner.ts";
export type { JobStatusResponse, JobStep } from "./jobs/poller.ts";
export {
  checkPollOptions,
  type PollOptions,
  type PollTiming,
} from "./jobs/poll_options.ts";
export { failedJobError, responseFacts } from "./jobs/job_response.ts";

// OAuth 1.0 signing, which the sandbox checks requests with.
export {
  oauthAuthorizationHeader,
  type OAuthBaseStringInput,
  type OAuthHeaderInput,
  type OAuthSignInput,
  signOAuth,
} from "./auth/oauth.ts";
