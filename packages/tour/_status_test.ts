import assert from "node:assert/strict";
import { interpretTourStatus } from "./_status.ts";

Deno.test("interpretTourStatus: each documented status", () => {
  const at = (status: number, body: unknown, headers: HeadersInit = {}) =>
    interpretTourStatus({
      status,
      body,
      headers: new Headers(headers),
      url: "https://tourplanning.hereapi.com/v3/status/x",
    });
  assert.deepEqual(at(200, { status: "pending" }), {
    state: "pending",
    status: "pending",
  });
  assert.deepEqual(at(200, {}), { state: "pending", status: "unknown" });
  assert.deepEqual(at(200, { status: "success", resource: { href: "/s" } }), {
    state: "done",
    status: "success",
    resultUrl: "/s",
  });
  assert.deepEqual(at(303, undefined, { location: "https://x/s" }), {
    state: "done",
    status: "success",
    resultUrl: "https://x/s",
  });
  assert.equal(at(200, { status: "failure" }).state, "failed");
  assert.equal(at(200, { error: { title: "t" } }).state, "failed");
});
