import assert from "node:assert/strict";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

Deno.test("a repeated query key on a search endpoint: 400", async () => {
  await using sandbox = await startSandbox();
  for (
    const path of [
      "/v1/geocode?q=Berlin&in=countryCode:DEU&in=countryCode:FRA",
      "/v1/discover?q=coffee&at=52.5,13.4&at=52.6,13.4",
      "/v1/autosuggest?q=a&q=b&at=52.5,13.4",
    ]
  ) {
    const res = await call(sandbox, path);
    assert.equal(res.status, 400, path);
    assert.equal(res.body.status, 400);
    assert.match(res.body.title, /^Duplicate parameter '(in|at|q)'$/);
    assert.match(res.body.cause, /2 times/);
    assert.equal(res.body.correlationId, res.headers.get("x-correlation-id"));
    assert.equal(res.body.requestId, res.headers.get("x-request-id"));
  }
});

Deno.test("invalid search parameters: 400 with the search body", async () => {
  await using sandbox = await startSandbox();
  const cases: [string, RegExp][] = [
    ["/v1/geocode?limit=5", /Required parameter 'q'/],
    ["/v1/geocode?q=Berlin&limit=abc", /Illegal input for parameter 'limit'/],
    ["/v1/geocode?q=Berlin&limit=101", /Illegal input for parameter 'limit'/],
    ["/v1/geocode?q=Berlin&show=foo", /Illegal input for parameter 'show'/],
    [
      "/v1/discover?q=coffee&in=circle:52.5,13.4;r=1.5",
      /Illegal input for parameter 'in'/,
    ],
    ["/v1/discover?q=coffee", /Required parameter 'at'/],
    ["/v1/browse?categories=100", /Required parameter 'at'/],
    [
      "/v1/browse?at=52.5,13.4&categories=abc",
      /Illegal input for parameter 'categories'/,
    ],
    ["/v1/revgeocode?at=95,13", /Illegal input for parameter 'at'/],
    ["/v1/lookup", /Required parameter 'id'/],
  ];
  for (const [path, title] of cases) {
    const res = await call(sandbox, path);
    assert.equal(res.status, 400, path);
    assert.match(res.body.title, title, path);
    assert.equal(typeof res.body.cause, "string");
  }
  const show = await call(sandbox, "/v1/geocode?q=Berlin&show=foo");
  assert.equal(show.body.cause, "Actual parameter value: 'foo'");
  assert.equal(show.body.action, "Unsupported value: 'foo'");
});
