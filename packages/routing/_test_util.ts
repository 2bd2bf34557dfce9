// Shared helpers of the routing tests (not published).

import assert from "node:assert/strict";
import { Client, type ClientOptions, ValueError } from "@ls/core";
import { jsonReply, startTestServer, type TestServer } from "@ls/core/testing";
import {
  bicycleRoute,
  carRoute,
  pedestrianRoute,
  type RoutingParams,
  type RoutingResponse,
  scooterRoute,
  truckRoute,
} from "./mod.ts";
import elevation from "./testdata/route_elevation.json" with { type: "json" };

export const KEY = "routing-test-key";

/** The five route functions with their `transportMode` value. */
export const MODES: readonly {
  name: string;
  mode: string;
  fn: (
    client: Client,
    params: RoutingParams,
  ) => Promise<RoutingResponse>;
}[] = [
  { name: "carRoute", mode: "car", fn: carRoute },
  { name: "bicycleRoute", mode: "bicycle", fn: bicycleRoute },
  { name: "truckRoute", mode: "truck", fn: truckRoute },
  { name: "scooterRoute", mode: "scooter", fn: scooterRoute },
  { name: "pedestrianRoute", mode: "pedestrian", fn: pedestrianRoute },
];

export function makeClient(
  url: string,
  extra: Partial<ClientOptions> = {},
): Client {
  return new Client({
    apiKey: KEY,
    baseUrl: url,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
    ...extra,
  });
}

/** A server answering `GET /v8/routes` with the wire doc's example. */
export async function routesServer(
  body: unknown = elevation,
): Promise<TestServer> {
  const server = await startTestServer();
  server.route("GET /v8/routes", jsonReply(200, body));
  return server;
}

/** The raw query of the only request the server saw. */
export function onlyQuery(server: TestServer): string {
  assert.equal(server.requests.length, 1);
  const [req] = server.requests;
  assert.equal(req.method, "GET");
  assert.equal(req.path, "/v8/routes");
  assert.equal(req.bodyText, "");
  return req.rawQuery;
}

/**
 * Awaits `promise`, asserts it rejects with a ValueError for `parameter`
 * (and with a message matching `message`, when given), and returns it.
 */
export async function rejectsValueError(
  promise: Promise<unknown>,
  parameter: string,
  message?: RegExp,
): Promise<ValueError> {
  let caught: unknown;
  try {
    await promise;
  } catch (e) {
    caught = e;
  }
  assert.ok(
    caught instanceof ValueError,
    `expected a ValueError for ${parameter}, got ${caught}`,
  );
  assert.equal(caught.parameter, parameter, caught.message);
  if (message) assert.match(caught.message, message);
  return caught;
}
