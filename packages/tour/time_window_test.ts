import assert from "node:assert/strict";
import { assertValueError } from "@ls/core/testing";
import docProblem from "./testdata/problem.json" with { type: "json" };
import { buildTourPlanningProblem, timeWindow } from "./mod.ts";

// deno-lint-ignore no-explicit-any
type Loose = any;

Deno.test("timeWindow: Dates and strings, start not after end", () => {
  assert.deepEqual(
    timeWindow("2024-05-01T09:00:00Z", "2024-05-01T12:00:00+02:00"),
    ["2024-05-01T09:00:00Z", "2024-05-01T12:00:00+02:00"],
  );
  const [start, end] = timeWindow(
    new Date(Date.UTC(2024, 4, 1, 9)),
    new Date(Date.UTC(2024, 4, 1, 12)),
  );
  assert.equal(Date.parse(start), Date.UTC(2024, 4, 1, 9));
  assert.equal(Date.parse(end), Date.UTC(2024, 4, 1, 12));
  assertValueError(
    () => timeWindow("2024-05-01T12:00:00Z", "2024-05-01T09:00:00Z"),
    "end",
  );
  assertValueError(() => timeWindow("2024-05-01", "2024-05-02"), "start");
  // Its output is accepted where a time window is expected.
  const { fleet, plan }: Loose = structuredClone(docProblem);
  plan.jobs[0].tasks.deliveries[0].places[0].times = [
    timeWindow(new Date(Date.UTC(2024, 4, 1, 9)), "2024-05-01T12:00:00Z"),
  ];
  buildTourPlanningProblem({ fleet, plan });
});
