/**
 * The typed solution of Tour Planning v3: {@linkcode TourPlanningResponse}
 * with its tours, stops, activities and unassigned jobs, and a GeoJSON view.
 * The interfaces type the fields HERE documents and nothing else, so a
 * misspelled read fails type-checking; fields HERE adds stay in the parsed
 * objects, reachable through the response's `raw`.
 *
 * @module
 */

import { ApiResponse, type JsonResponse } from "@ls/core";
import type {
  Feature,
  FeatureCollection,
  LineString,
  Point,
  Position,
} from "geojson";
import { isRecord } from "@ls/core/internal";

/** Time totals in seconds. */
export interface TourTimes {
  /** Driving. */
  driving?: number;
  /** Serving jobs. */
  serving?: number;
  /** Waiting for time windows. */
  waiting?: number;
  /** Breaks. */
  break?: number;
}

/** Cost, distance and time totals of a solution or a tour. */
export interface TourStatistic {
  /** Total cost. */
  cost?: number;
  /** Metres. */
  distance?: number;
  /** Seconds. */
  duration?: number;
  /** Time split. */
  times?: TourTimes;
}

/** An activity type: a known one, or another one HERE adds. */
export type TourActivityType =
  | "departure"
  | "arrival"
  | "break"
  | "pickup"
  | "delivery"
  | (string & Record<never, never>);

/** What happens at a stop. */
export interface TourActivity {
  /** The job id, or `departure`, `arrival`, `break`. */
  jobId: string;
  /** The activity type. */
  type: TourActivityType;
  /** When the activity starts and ends (RFC 3339). */
  time?: { start: string; end: string };
  /** The `tag` of the served job place. */
  jobTag?: string;
  /** Where, when it differs from the stop's location. */
  location?: { lat: number; lng: number };
}

/** One stop of a tour. */
export interface TourStop {
  /** Where. */
  location?: { lat: number; lng: number };
  /** Arrival and departure (RFC 3339). */
  time?: { arrival: string; departure: string };
  /** Load per capacity dimension after the stop. */
  load?: number[];
  /** Activities at the stop, in order (empty when HERE sent none). */
  activities: TourActivity[];
  /** Distance driven so far in metres, when HERE sends it. */
  distance?: number;
}

/** The tour of one vehicle. */
export interface Tour {
  /** The vehicle, `<typeId>_<n>`. */
  vehicleId: string;
  /** Its vehicle type. */
  typeId: string;
  /** Stops in driving order (empty when HERE sent none). */
  stops: TourStop[];
  /** Totals of the tour. */
  statistic?: TourStatistic;
}

/** A reason code for an unassigned job: a known one, or another one HERE adds. */
export type UnassignedReasonCode =
  | "CAPACITY_CONSTRAINT"
  | "SHIFT_TIME_CONSTRAINT"
  | "TIME_WINDOW_CONSTRAINT"
  | "DISTANCE_CONSTRAINT"
  | "MAX_DISTANCE_CONSTRAINT"
  | "REACHABLE_CONSTRAINT"
  | "TERRITORY_CONSTRAINT"
  | "SKILL_CONSTRAINT"
  | "NO_REASON_FOUND"
  | (string & Record<never, never>);

/** Why a job could not be assigned. */
export interface UnassignedReason {
  /** The reason code. */
  code: UnassignedReasonCode;
  /** Text. */
  description?: string;
}

/** A job no tour serves. */
export interface UnassignedJob {
  /** The job id. */
  jobId: string;
  /** Why (empty when HERE sent none). */
  reasons: UnassignedReason[];
}

/** The solution body, as HERE sends it. */
export interface TourPlanningSolution {
  /** The problem's `id`, when it had one. */
  problemId?: string;
  /** Totals of the whole solution. */
  statistic?: TourStatistic;
  /** Tours. */
  tours?: Tour[];
  /** Unassigned jobs; absent when every job was assigned. */
  unassigned?: UnassignedJob[];
}

/** Properties of a stop `Point` in {@linkcode TourPlanningResponse.toGeoJSON}. */
export interface TourStopProperties {
  /** Always `stop`. */
  kind: "stop";
  /** The vehicle. */
  vehicleId: string;
  /** Its type. */
  typeId: string;
  /** Index of the stop in its tour, from 0. */
  stopIndex: number;
  /** Arrival (RFC 3339). */
  arrival?: string;
  /** Departure (RFC 3339). */
  departure?: string;
  /** Load after the stop. */
  load?: number[];
  /** Job ids of the stop's activities, in order. */
  jobIds: string[];
  /** Activity types, in order. */
  activityTypes: string[];
}

/** Properties of a tour `LineString` in {@linkcode TourPlanningResponse.toGeoJSON}. */
export interface TourLineProperties {
  /** Always `tour`. */
  kind: "tour";
  /** The vehicle. */
  vehicleId: string;
  /** Its type. */
  typeId: string;
  /** Number of stops. */
  stopCount: number;
  /** Totals of the tour. */
  statistic?: TourStatistic;
}

/** The GeoJSON view of a solution. */
export type TourPlanningGeoJSON = FeatureCollection<
  Point | LineString,
  TourStopProperties | TourLineProperties
>;

/**
 * The response of {@linkcode solveTourPlanning}: the tours, the unassigned
 * jobs with their reasons, and the totals; `raw` and `toJSON()` give the
 * solution exactly as HERE sent it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TourPlanningResponse } from "@ls/tour";
 * const res = new TourPlanningResponse({
 *   body: {
 *     tours: [{
 *       vehicleId: "van_1",
 *       typeId: "van",
 *       stops: [
 *         { location: { lat: 52.5, lng: 13.4 }, activities: [{ jobId: "departure", type: "departure" }] },
 *         { location: { lat: 52.52, lng: 13.38 }, activities: [{ jobId: "job-1", type: "delivery" }] },
 *       ],
 *     }],
 *   },
 * });
 * assert.equal(res.tours[0].stops.length, 2);
 * assert.deepEqual(res.unassigned, []);
 * // The tour's LineString and its two stops' Points:
 * assert.equal(res.toGeoJSON().features.length, 3);
 * ```
 */
export class TourPlanningResponse extends ApiResponse<TourPlanningSolution> {
  /** The problem's `id`, when HERE echoed it. */
  readonly problemId?: string;
  /** Totals of the whole solution. */
  readonly statistic?: TourStatistic;
  /** The tours (empty when none). */
  readonly tours: Tour[];
  /** Jobs no tour serves, with reasons (empty when all were assigned). */
  readonly unassigned: UnassignedJob[];

  /** Wraps a parsed solution. */
  constructor(
    response: Pick<
      JsonResponse<TourPlanningSolution>,
      "body" | "correlationId" | "requestId"
    >,
  ) {
    super(response);
    const body: TourPlanningSolution = isRecord(this.raw) ? this.raw : {};
    if (typeof body.problemId === "string") this.problemId = body.problemId;
    if (isRecord(body.statistic)) this.statistic = body.statistic;
    this.tours = records(body.tours).map((tour) => ({
      ...tour,
      vehicleId: String(tour.vehicleId ?? ""),
      typeId: String(tour.typeId ?? ""),
      stops: records(tour.stops).map((stop) => ({
        ...stop,
        activities: records(stop.activities) as unknown as TourActivity[],
      })),
    }));
    this.unassigned = records(body.unassigned).map((job) => ({
      ...job,
      jobId: String(job.jobId ?? ""),
      reasons: records(job.reasons) as unknown as UnassignedReason[],
    }));
  }

  /**
   * The solution as GeoJSON: for each tour, a `LineString` through its stops
   * in stop order (left out when the tour has fewer than two located stops),
   * followed by a `Point` per stop. Positions are GeoJSON `[lng, lat]`;
   * stops without a location are skipped.
   */
  toGeoJSON(): TourPlanningGeoJSON {
    const features: Feature<
      Point | LineString,
      TourStopProperties | TourLineProperties
    >[] = [];
    for (const tour of this.tours) {
      const located = tour.stops
        .map((stop, stopIndex) => ({ stop, stopIndex }))
        .filter(({ stop }) =>
          Number.isFinite(stop.location?.lat) &&
          Number.isFinite(stop.location?.lng)
        );
      const positions: Position[] = located.map(({ stop }) => [
        stop.location!.lng,
        stop.location!.lat,
      ]);
      if (positions.length >= 2) {
        const properties: TourLineProperties = {
          kind: "tour",
          vehicleId: tour.vehicleId,
          typeId: tour.typeId,
          stopCount: tour.stops.length,
        };
        if (tour.statistic !== undefined) {
          properties.statistic = tour.statistic;
        }
        features.push({
          type: "Feature",
          geometry: { type: "LineString", coordinates: positions },
          properties,
        });
      }
      located.forEach(({ stop, stopIndex }, i) => {
        const properties: TourStopProperties = {
          kind: "stop",
          vehicleId: tour.vehicleId,
          typeId: tour.typeId,
          stopIndex,
          jobIds: stop.activities.map((a) => a.jobId),
          activityTypes: stop.activities.map((a) => a.type),
        };
        if (stop.time?.arrival !== undefined) {
          properties.arrival = stop.time.arrival;
        }
        if (stop.time?.departure !== undefined) {
          properties.departure = stop.time.departure;
        }
        if (stop.load !== undefined) properties.load = stop.load;
        features.push({
          type: "Feature",
          geometry: { type: "Point", coordinates: positions[i] },
          properties,
        });
      });
    }
    return { type: "FeatureCollection", features };
  }
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}
