import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import {
  AvoidFeature,
  checkRoutingMode,
  departureTimeValue,
  RoutingMode,
  routingModeValue,
  TransportMode,
} from "./routing_vocabulary.ts";

Deno.test("the vocabulary carries HERE's wire values", () => {
  assert.deepEqual(RoutingMode, { fast: "fast", short: "short" });
  assert.deepEqual(Object.keys(TransportMode), [
    "car",
    "truck",
    "pedestrian",
    "bicycle",
    "scooter",
    "bus",
    "privateBus",
    "taxi",
  ]);
  assert.equal(Object.keys(AvoidFeature).length, 9);
  for (const set of [TransportMode, RoutingMode, AvoidFeature]) {
    for (const [key, value] of Object.entries(set)) assert.equal(key, value);
  }
});

Deno.test('checkRoutingMode() refuses "short" for the modes HERE routes fast only', () => {
  for (const mode of ["car", "truck", "futureMode"]) {
    assert.equal(checkRoutingMode("short", mode), "short");
  }
  for (
    const mode of ["bicycle", "bus", "pedestrian", "privateBus", "scooter"]
  ) {
    assert.equal(checkRoutingMode("fast", mode), "fast");
    assert.equal(checkRoutingMode("eco", mode), "eco");
  }
  assertValueError(
    () => checkRoutingMode("short", "taxi"),
    "routingMode",
    'Invalid routingMode: must be "fast" for transportMode "taxi" (HERE answers E605012 to "short"), got "short"',
  );
});

Deno.test("routingModeValue() defaults to fast and validates the value", () => {
  assert.equal(routingModeValue(undefined, "bicycle"), "fast");
  assert.equal(routingModeValue("short", "car"), "short");
  assertValueError(
    () => routingModeValue("fastest", "car"),
    "routingMode",
    'Invalid routingMode: must be one of "fast", "short", got "fastest"',
  );
  for (const bad of ["", "eco", 1, ["fast"]]) {
    assertValueError(() => routingModeValue(bad, "car"), "routingMode");
  }
  assertValueError(
    () => routingModeValue("short", "scooter"),
    "routingMode",
  );
});

Deno.test("departureTimeValue() takes a Date, RFC 3339 with or without offset, or any", () => {
  const when = new Date(Date.UTC(2024, 4, 1, 6, 30, 15));
  const sent = departureTimeValue(when)!;
  assert.match(sent, /^2024-05-0[12]T\d\d:\d\d:15(Z|[+-]\d\d:\d\d)$/);
  assert.equal(new Date(sent).getTime(), when.getTime());
  assert.equal(departureTimeValue("any"), "any");
  assert.equal(
    departureTimeValue("2024-05-01T08:00:00+02:00"),
    "2024-05-01T08:00:00+02:00",
  );
  assert.equal(
    departureTimeValue("2024-05-01T08:00:00"),
    "2024-05-01T08:00:00",
  );
  assert.equal(departureTimeValue(undefined), undefined);
  for (const bad of [new Date(NaN), "tomorrow at 8", ""]) {
    assertValueError(() => departureTimeValue(bad), "departureTime");
  }
});
