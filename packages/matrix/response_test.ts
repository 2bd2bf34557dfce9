import assert from "node:assert/strict";
import { ValueError } from "@ls/core";
import { MatrixErrorCode, MatrixRoutingResponse } from "./mod.ts";

const JSON_BODY = {
  matrixId: "m-1",
  matrix: {
    numOrigins: 2,
    numDestinations: 3,
    travelTimes: [610, 1220, 905, 780, 1410, 640],
    distances: [4200, 9100, 6600, 5100, 10900, 4800],
    errorCodes: [0, 0, 0, 0, 3, 0],
    futureField: { kept: true },
  },
  regionDefinition: { type: "world" as const },
  extra: "kept",
};

Deno.test("response: accessors index k = numDestinations * i + j", () => {
  const res = MatrixRoutingResponse.fromJSON(JSON_BODY, {
    correlationId: "c-1",
  });
  const { travelTimes, distances } = JSON_BODY.matrix;
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 3; j++) {
      assert.equal(res.travelTime(i, j), travelTimes[3 * i + j]);
      assert.equal(res.distance(i, j), distances[3 * i + j]);
    }
  }
  assert.equal(res.errorCode(1, 1), MatrixErrorCode.violations);
  assert.equal(res.errorCode(0, 0), MatrixErrorCode.ok);
  assert.equal(res.correlationId, "c-1");
  assert.equal(res.matrixId, "m-1");
  assert.deepEqual(res.regionDefinition, { type: "world" });
  // A field this client does not model: untyped, reachable through raw.
  assert.deepEqual(
    (res.raw.matrix as unknown as Record<string, unknown>).futureField,
    { kept: true },
  );
});

Deno.test("response: nested rows, and undefined for attributes not requested", () => {
  const res = MatrixRoutingResponse.fromJSON(JSON_BODY);
  assert.deepEqual(res.toTravelTimesMatrix(), [[610, 1220, 905], [
    780,
    1410,
    640,
  ]]);
  assert.deepEqual(res.toDistancesMatrix(), [[4200, 9100, 6600], [
    5100,
    10900,
    4800,
  ]]);
  const timesOnly = MatrixRoutingResponse.fromJSON({
    matrix: { numOrigins: 1, numDestinations: 2, travelTimes: [1, 2] },
  });
  assert.equal(timesOnly.toDistancesMatrix(), undefined);
  assert.equal(timesOnly.distance(0, 1), undefined);
  assert.equal(timesOnly.errorCode(0, 1), 0); // no errorCodes: no entry failed
  assert.equal(timesOnly.matrix.errorCodes, undefined);
});

Deno.test("response: raw and toJSON give plain arrays, built lazily, in body order", () => {
  const res = MatrixRoutingResponse.fromJSON(JSON_BODY);
  assert.ok(res.matrix.travelTimes instanceof Float64Array);
  assert.ok(res.matrix.errorCodes instanceof Uint8Array);
  const raw = res.raw;
  const descriptor = Object.getOwnPropertyDescriptor(raw.matrix, "travelTimes");
  assert.equal(typeof descriptor?.get, "function", "not built before use");
  assert.deepEqual(res.toJSON(), JSON_BODY);
  assert.ok(Array.isArray(raw.matrix.travelTimes));
  assert.equal(raw.matrix.travelTimes, raw.matrix.travelTimes, "built once");
  assert.equal(JSON.stringify(res), JSON.stringify(JSON_BODY));
  assert.deepEqual(Object.keys(raw), [
    "matrixId",
    "matrix",
    "regionDefinition",
    "extra",
  ]);
});

Deno.test("response: nulls and odd codes from fromJSON", () => {
  const res = MatrixRoutingResponse.fromJSON({
    matrix: {
      numOrigins: 1,
      numDestinations: 3,
      travelTimes: [1, null as unknown as number, 3],
      errorCodes: [0, 300, -1],
    },
  });
  assert.ok(Number.isNaN(res.travelTime(0, 1)));
  assert.deepEqual(Array.from(res.matrix.errorCodes!), [0, 99, 99]);
});

Deno.test("response: out-of-range indices are ValueErrors", () => {
  const res = MatrixRoutingResponse.fromJSON(JSON_BODY);
  assert.throws(
    () => res.travelTime(2, 0),
    (e) =>
      e instanceof ValueError && e.parameter === "i" &&
      /from 0 to 1, got 2/.test(e.message),
  );
  assert.throws(
    () => res.distance(0, -1),
    (e) => e instanceof ValueError && e.parameter === "j",
  );
  assert.throws(
    () => res.errorCode(0.5, 0),
    (e) => e instanceof ValueError && e.parameter === "i",
  );
});

Deno.test("response: the constructor checks the typed body", () => {
  assert.throws(
    () =>
      new MatrixRoutingResponse({
        matrix: {
          numOrigins: 2,
          numDestinations: 2,
          travelTimes: new Float64Array(3),
        },
      }),
    (e) =>
      e instanceof ValueError && e.parameter === "matrix.travelTimes" &&
      /= 4 entries, got "3 entries"/.test(e.message),
  );
  assert.throws(
    () =>
      new MatrixRoutingResponse({
        matrix: {
          numOrigins: 1,
          numDestinations: 1,
          errorCodes: new Float64Array(1) as unknown as Uint8Array,
        },
      }),
    (e) => e instanceof ValueError && e.parameter === "matrix.errorCodes",
  );
  assert.throws(
    () =>
      new MatrixRoutingResponse({
        matrix: { numOrigins: -1, numDestinations: 1 },
      }),
    (e) => e instanceof ValueError && e.parameter === "matrix.numOrigins",
  );
  assert.throws(
    () => MatrixRoutingResponse.fromJSON({ matrix: null as never }),
    (e) => e instanceof ValueError && e.parameter === "json.matrix",
  );
});
