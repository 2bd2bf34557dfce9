// The bundled umbrella runs inside @edge-runtime/vm (the runtime of Vercel's
// edge functions: web APIs only, no Deno, no process) and geocodes against a
// loopback server.
import assert from "node:assert/strict";
import { EdgeVM } from "@edge-runtime/vm";
import { jsonReply, startTestServer } from "@ls/core/testing";
import { bundleUmbrella, NO_CREDENTIAL } from "./_bundle.ts";

const BERLIN = {
  items: [{
    title: "Berlin, Germany",
    id: "here:cm:namedplace:20187403",
    resultType: "locality",
    localityType: "city",
    address: {
      label: "Berlin, Germany",
      countryCode: "DEU",
      countryName: "Germany",
    },
    position: { lat: 52.51604, lng: 13.37691 },
  }],
};

Deno.test("the bundled LS runs in an edge VM and geocodes against loopback", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v1/geocode",
    jsonReply(200, BERLIN, { "x-correlation-id": "edge-corr" }),
  );
  const code = await bundleUmbrella("iife");
  const vm = new EdgeVM();
  assert.equal(
    vm.evaluate("typeof Deno + typeof process + typeof require"),
    "undefinedundefinedundefined",
  );
  vm.evaluate(code);
  // No credential: the edge has no environment or file system to look in;
  // `new LS()` says so instead of crashing.
  assert.equal(
    vm.evaluate(
      `(() => { try { new LS(); return "no error"; } catch (e) { return e.name + ": " + e.message; } })()`,
    ),
    NO_CREDENTIAL,
  );
  const json: string = await vm.evaluate(`(async () => {
    const ls = new LS({ apiKey: "edge-key", baseUrl: ${
    JSON.stringify(server.url)
  } });
    const res = await ls.geocode({ query: "Berlin" });
    return JSON.stringify({
      title: res.items[0].title,
      correlationId: res.correlationId,
      geojson: res.toGeoJSON(),
    });
  })()`);
  const result = JSON.parse(json);
  assert.equal(result.title, "Berlin, Germany");
  assert.equal(result.correlationId, "edge-corr");
  assert.deepEqual(result.geojson.features[0].geometry, {
    type: "Point",
    coordinates: [13.37691, 52.51604],
  });
  assert.equal(
    server.requests[0].rawQuery,
    "q=Berlin&limit=20&lang=en-US&apiKey=edge-key",
  );
  // The VM's fetch (undici) runs a shared connect-timeout wheel that stops by
  // itself once idle; wait for it so the leak sanitizers stay on.
  await drainEdgeTimers();
});

function drainEdgeTimers(): Promise<void> {
  return new Promise((r) => setTimeout(r, 3000));
}
