// LS.bulk: an operation by name (typed by that name) or a function, over
// the one client. The type checks below run with `deno check` and `deno test`.

import assert from "node:assert/strict";
import {
  assertGetRequest,
  assertValueError,
  LEAK_SECRETS,
  LeakWitness,
  startTestServer,
  TEST_API_KEY,
} from "@ls/core/testing";
import {
  type BulkItem,
  type GeocodeParams,
  GeocoderResponse,
  LS,
  type RequestOptions,
  type RoutingResponse,
  ValueError,
} from "./mod.ts";

Deno.test("LS.bulk runs an operation by name over its client, typed by that name", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", (req) =>
    Response.json({
      items: [{
        title: `Title ${req.query.get("q")}`,
        position: { lat: 52.5, lng: 13.4 },
      }],
    }));
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  const inputs: GeocodeParams[] = [{ query: "Berlin", limit: 1 }];
  const items: BulkItem<GeocodeParams, GeocoderResponse>[] = [];
  for await (const item of ls.bulk("geocode", inputs)) {
    if ("error" in item) throw item.error;
    // The result is the operation's response type…
    const result: GeocoderResponse = item.result;
    assert.ok(result instanceof GeocoderResponse);
    assert.equal(result.items[0].title, "Title Berlin");
    // …and nothing else.
    // @ts-expect-error: geocode does not resolve to a routing response
    const wrong: RoutingResponse = item.result;
    void wrong;
    const params: GeocodeParams = item.input;
    assert.equal(params.query, "Berlin");
    items.push(item);
  }
  assert.equal(items.length, 1);
  assertGetRequest(
    server.requests[0],
    "/v1/geocode",
    "q=Berlin&limit=1&lang=en-US",
  );
});

Deno.test("LS.bulk types the inputs by the operation's parameters", () => {
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: "http://127.0.0.1:9" });
  // Iterators are built lazily: nothing below is pulled or sent.
  ls.bulk("carRoute", [{ origin: [52.5, 13.4], destination: [48.1, 11.6] }]);
  ls.bulk("reverseGeocode", [{ lat: 52.5, lng: 13.4 }]);
  // @ts-expect-error: `q` is not a geocode parameter
  ls.bulk("geocode", [{ q: "Berlin" }]);
  // @ts-expect-error: autosuggest resolves to a raw Response; run it with a function
  assertValueError(() => ls.bulk("autosuggest", []), "operation");
  // @ts-expect-error: not an operation
  assertValueError(() => ls.bulk("close", []), "operation");
  // @ts-expect-error: not an operation
  assertValueError(() => ls.bulk("geocod", []), "operation");
  assertValueError(
    () => ls.bulk("geocode", [], { concurrency: 0 }),
    "concurrency",
  );
});

Deno.test("LS.bulk accepts every typed operation of LS by name", () => {
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: "http://127.0.0.1:9" });
  const notOperations = new Set([
    "constructor",
    "close",
    "bulk",
    "autosuggest",
    // Yield rows or items as they arrive instead of resolving to one response.
    "matrixRows",
    "discoverAll",
    "browseAll",
  ]);
  const names = Object.getOwnPropertyNames(LS.prototype).filter((name) =>
    !notOperations.has(name)
  );
  assert.ok(names.length >= 15);
  for (const name of names) {
    // Throws a ValueError for a name it does not know.
    ls.bulk(name as "geocode", []);
  }
});

Deno.test("LS.bulk: a malformed input is that input's ValueError, never a TypeError", async () => {
  await using server = await startTestServer();
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  const inputs = [null, 42, "Berlin", { query: "" }, { query: "x", limt: 1 }];
  const items = await Array.fromAsync(
    ls.bulk("geocode", inputs as unknown as GeocodeParams[]),
  );
  assert.equal(items.length, inputs.length);
  for (const item of items) {
    assert.ok("error" in item);
    assert.ok(item.error instanceof ValueError, String(item.error));
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("LS.bulk runs a function, with the per-call options", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", () => Response.json({ items: [] }));
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  interface Row {
    id: number;
    address: string;
  }
  const rows: Row[] = [{ id: 7, address: "Berlin" }];
  const run = (row: Row, options: RequestOptions) =>
    ls.geocode({ query: row.address }, options);
  for await (
    const item of ls.bulk(run, rows, {
      callOptions: { query: { politicalView: "IND" } },
    })
  ) {
    assert.ok("result" in item);
    const id: number = item.input.id;
    assert.equal(id, 7);
    assert.equal(item.result.items.length, 0);
  }
  assertGetRequest(
    server.requests[0],
    "/v1/geocode",
    "q=Berlin&limit=20&lang=en-US&politicalView=IND",
  );
});

Deno.test("LS.bulk names an unknown operation only when it looks like a method name, and never quotes a string option", () => {
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: "http://127.0.0.1:9" });
  const operations =
    "geocode, reverseGeocode, discover, browse, lookup, autocomplete, carRoute, bicycleRoute, truckRoute, scooterRoute, pedestrianRoute, taxiRoute, busRoute, privateBusRoute, calculateIsoline, matrix, getDestWeather, getWeatherAlerts, solveTourPlanning";
  assertValueError(
    () => ls.bulk("geocod" as never, []),
    "operation",
    `Invalid operation: must be a function or one of ${operations}, got "geocod"`,
  );
  // A key given in the operation's place is not named.
  const keyLike = "SeCrEtKeY_1234567890abcdefGHIJKLMNOpqrstuv";
  for (const key of [LEAK_SECRETS.apiKey, keyLike]) {
    assertValueError(
      () => ls.bulk(key as never, []),
      "operation",
      `Invalid operation: must be a function or one of ${operations}, got an unknown operation`,
    );
  }
  assertValueError(
    () => ls.bulk(undefined as never, []),
    "operation",
    `Invalid operation: must be a function or one of ${operations}, got undefined`,
  );
  const secret = LEAK_SECRETS.apiKey;
  const witness = new LeakWitness();
  const record = (fn: () => unknown, parameter: string) =>
    witness.record(assertValueError(fn, parameter));
  record(() => ls.bulk(secret as never, []), "operation");
  record(() => ls.bulk({ key: secret } as never, []), "operation");
  record(() => ls.bulk("geocode", secret as never), "inputs");
  record(
    () => ls.bulk("geocode", [], { concurrency: secret as never }),
    "concurrency",
  );
  record(
    () =>
      ls.bulk("geocode", [], {
        callOptions: { headers: { "x-a": secret }, timeoutMs: secret as never },
      }),
    "callOptions.timeoutMs",
  );
  witness.assertClean(5);
});

Deno.test("LS.bulk: aborting while the inputs wait for their next item rejects with the signal's reason", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", () => Response.json({ items: [] }));
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  // Like a queue or a socket that never delivers again.
  async function* inputs(): AsyncGenerator<GeocodeParams> {
    yield { query: "Berlin" };
    await new Promise<never>(() => {});
  }
  const controller = new AbortController();
  const reason = new Error("stopped by the user");
  const seen: number[] = [];
  const iteration = (async () => {
    for await (
      const item of ls.bulk("geocode", inputs(), { signal: controller.signal })
    ) {
      assert.ok("result" in item);
      seen.push(item.index);
      controller.abort(reason); // the second pull is under way
    }
  })();
  // A run that does not stop fails the test instead of hanging it.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error("the aborted run: still pending after 2000 ms")),
      2_000,
    );
  });
  try {
    await Promise.race([
      assert.rejects(iteration, (e) => e === reason),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
  }
  assert.deepEqual(seen, [0]);
  assert.equal(server.requests.length, 1);
});
