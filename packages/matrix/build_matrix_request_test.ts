import assert from "node:assert/strict";
import { Query, ValueError } from "@ls/core";
import { assertValueError } from "@ls/core/testing";
import {
  AutoCircleRegion,
  buildMatrixRequest,
  type MatrixParams,
  WorldRegion,
} from "./mod.ts";

const ORIGINS = [{ lat: 52.5, lng: 13.4 }, { lat: 52.52, lng: 13.38 }];

Deno.test("buildMatrixRequest: a sync request, the body in HERE's order", () => {
  const spec = buildMatrixRequest({
    matrixAttributes: ["distances", "travelTimes", "distances"],
    regionDefinition: new AutoCircleRegion(),
    origins: ORIGINS,
    routingMode: "short",
  });
  assert.equal(spec.service, "matrix");
  assert.equal(spec.method, "POST");
  assert.equal(spec.path, "/v8/matrix");
  assert.ok(spec.query instanceof Query);
  assert.equal(spec.query.toString(), "async=false");
  assert.deepEqual(spec.expect, [200, 202]);
  assert.equal(spec.retry, "idempotent");
  assert.equal(
    JSON.stringify(spec.body),
    '{"origins":[{"lat":52.5,"lng":13.4},{"lat":52.52,"lng":13.38}],' +
      '"regionDefinition":{"type":"autoCircle","margin":10000},' +
      '"routingMode":"short","matrixAttributes":["distances","travelTimes"]}',
  );
});

Deno.test("buildMatrixRequest: async submits a job, retried only when refused", () => {
  const spec = buildMatrixRequest({
    origins: ORIGINS,
    regionDefinition: new WorldRegion(),
    profile: "carFast",
    async: true,
  });
  assert.equal(spec.query?.toString(), "async=true");
  assert.deepEqual(spec.expect, [202]);
  assert.equal(spec.retry, "submit");
  assert.deepEqual(spec.body, {
    origins: ORIGINS,
    regionDefinition: { type: "world" },
    profile: "carFast",
  });
});

Deno.test("buildMatrixRequest: positions are copied, not the caller's objects", () => {
  const origin = { lat: 52.5, lng: 13.4, label: "depot" };
  const spec = buildMatrixRequest({
    origins: [origin],
    regionDefinition: new WorldRegion(),
  });
  const [sent] = (spec.body as { origins: unknown[] }).origins;
  assert.notEqual(sent, origin);
  assert.deepEqual(sent, { lat: 52.5, lng: 13.4 });
});

Deno.test("buildMatrixRequest: an unknown parameter is a ValueError naming the one meant", () => {
  const error = assertValueError(
    () =>
      buildMatrixRequest({
        origins: ORIGINS,
        regionDefinition: new WorldRegion(),
        matrixAtributes: ["distances"],
      } as MatrixParams),
    "matrixAtributes",
  );
  assert.match(
    error.message,
    /is not a parameter of matrix; did you mean "matrixAttributes"\?/,
  );
});

Deno.test("buildMatrixRequest: params that are not an object", () => {
  for (const params of [null, [], "origins"]) {
    assert.throws(
      () => buildMatrixRequest(params as unknown as MatrixParams),
      (e) => e instanceof ValueError && e.parameter === "params",
    );
  }
});

Deno.test("buildMatrixRequest: a matrix larger than one call is still one request (matrix() tiles it)", () => {
  const many = Array.from({ length: 600 }, (_, k) => ({
    lat: 52 + k * 1e-4,
    lng: 13,
  }));
  const spec = buildMatrixRequest({
    origins: many,
    regionDefinition: { type: "circle", center: ORIGINS[0], radius: 50_000 },
  });
  assert.equal((spec.body as { origins: unknown[] }).origins.length, 600);
});
