// The `configuration` of a Tour Planning v3 problem: the one given, with
// `optimizationTraffic` and `optimizationWaitingTime` merged into its
// `optimizations`.

import { ValueError } from "@ls/core";
import { parseWith, type ZodMiniType } from "@ls/core/internal";
import type {
  TourConfiguration,
  WaitingTimeOptimization,
} from "./problem_types.ts";
import {
  configurationSchema,
  trafficSchema,
  waitingTimeSchema,
} from "./_problem_schema.ts";

/**
 * The problem's `configuration`: the one given, with `optimizationTraffic`
 * and `optimizationWaitingTime` (each on its own) in its `optimizations`;
 * `undefined` when nothing is left to send.
 */
export function buildConfiguration(params: {
  configuration?: unknown;
  optimizationTraffic?: unknown;
  optimizationWaitingTime?: unknown;
}): TourConfiguration | undefined {
  const given = params.configuration === undefined ? undefined : parseWith(
    configurationSchema(),
    params.configuration,
    "configuration",
  ) as TourConfiguration;
  const configuration: TourConfiguration = { ...given };
  const optimizations = { ...given?.optimizations };
  const traffic = optimization(
    trafficSchema,
    params.optimizationTraffic,
    "optimizationTraffic",
    "traffic",
    optimizations.traffic,
  );
  if (traffic !== undefined) optimizations.traffic = traffic;
  const waitingTime = optimization(
    waitingTimeSchema,
    params.optimizationWaitingTime,
    "optimizationWaitingTime",
    "waitingTime",
    optimizations.waitingTime,
  ) as WaitingTimeOptimization | undefined;
  if (waitingTime !== undefined && Object.keys(waitingTime).length > 0) {
    optimizations.waitingTime = waitingTime;
  }
  if (Object.keys(optimizations).length > 0) {
    configuration.optimizations = optimizations;
  } else delete configuration.optimizations;
  return Object.keys(configuration).length > 0 ? configuration : undefined;
}

/**
 * `value`, parsed as `parameter`, for `configuration.optimizations.<key>`;
 * a ValueError when the configuration gives that already.
 */
function optimization<T>(
  schema: () => ZodMiniType<T>,
  value: unknown,
  parameter: string,
  key: string,
  given: unknown,
): T | undefined {
  if (value === undefined) return undefined;
  const parsed = parseWith(schema(), value, parameter);
  if (given !== undefined) {
    throw new ValueError(
      parameter,
      `is also given as configuration.optimizations.${key}; give it once`,
      parsed,
    );
  }
  return parsed;
}
