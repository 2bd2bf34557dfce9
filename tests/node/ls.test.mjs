// The npm build of @ls/ls under Node's own test runner: a geocode, a route and
// an async matrix (202 → status → 303 → result) against a node:http server.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { test } from "node:test";
import { encodePolyline } from "@ls/core";
import { LS, ValueError } from "@ls/ls";

function json(res, status, body, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

async function serve() {
  const seen = [];
  let polls = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url, "http://x");
      seen.push({
        method: req.method,
        path: url.pathname,
        query: url.search,
        body: Buffer.concat(chunks).toString(),
      });
      const base = `http://127.0.0.1:${server.address().port}`;
      if (url.pathname === "/v1/geocode") {
        return json(res, 200, {
          items: [{
            title: "Berlin, Germany",
            id: "here:cm:namedplace:1",
            position: { lat: 52.52, lng: 13.4 },
          }],
        }, { "x-correlation-id": "node-corr" });
      }
      if (url.pathname === "/v8/routes") {
        return json(res, 200, {
          routes: [{
            id: "r0",
            sections: [{
              id: "s0",
              type: "vehicle",
              departure: {
                time: "2024-05-01T08:00:00Z",
                place: { type: "place", location: { lat: 52.5, lng: 13.4 } },
              },
              arrival: {
                time: "2024-05-01T08:20:00Z",
                place: { type: "place", location: { lat: 52.6, lng: 13.5 } },
              },
              summary: { duration: 1200, length: 15000 },
              polyline: encodePolyline({
                precision: 6,
                polyline: [[52.5, 13.4], [52.55, 13.45], [52.6, 13.5]],
              }),
              transport: { mode: "car" },
            }],
          }],
        });
      }
      if (url.pathname === "/v8/matrix" && req.method === "POST") {
        return json(res, 202, {
          matrixId: "m1",
          status: "accepted",
          statusUrl: `${base}/v8/matrix/m1/status`,
        });
      }
      if (url.pathname === "/v8/matrix/m1/status") {
        polls++;
        if (polls < 2) {
          return json(res, 200, { matrixId: "m1", status: "inProgress" });
        }
        return json(res, 303, {
          status: "completed",
          resultUrl: `${base}/v8/matrix/m1`,
        }, {
          location: `${base}/v8/matrix/m1`,
        });
      }
      if (url.pathname === "/v8/matrix/m1") {
        return json(res, 200, {
          matrixId: "m1",
          matrix: {
            numOrigins: 2,
            numDestinations: 2,
            travelTimes: [0, 600, 610, 0],
            distances: [0, 5000, 5100, 0],
          },
          regionDefinition: {
            type: "circle",
            center: { lat: 52.5, lng: 13.4 },
            radius: 20000,
          },
        });
      }
      json(res, 404, { title: "Not found" });
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    seen,
    close: () => new Promise((r) => server.close(r)),
  };
}

test("LS on Node: geocode, car route and async matrix", async () => {
  const server = await serve();
  try {
    const ls = new LS({ apiKey: "node-key", baseUrl: server.url });
    const g = await ls.geocode({ query: "Berlin" });
    assert.equal(g.items[0].title, "Berlin, Germany");
    assert.equal(g.correlationId, "node-corr");
    assert.deepEqual(g.toGeoJSON().features[0].geometry.coordinates, [
      13.4,
      52.52,
    ]);
    assert.equal(
      server.seen[0].query,
      "?q=Berlin&limit=20&lang=en-US&apiKey=node-key",
    );

    const route = await ls.carRoute({
      origin: [52.5, 13.4],
      destination: [52.6, 13.5],
      returnResults: ["polyline", "summary"],
    });
    assert.equal(route.routes[0].sections[0].summary.duration, 1200);
    assert.deepEqual(route.toGeoJSON().features[0].geometry.coordinates[1], [
      13.45,
      52.55,
    ]);

    const progress = [];
    const m = await ls.matrix({
      origins: [{ lat: 52.5, lng: 13.4 }, { lat: 52.52, lng: 13.45 }],
      regionDefinition: {
        type: "circle",
        center: { lat: 52.5, lng: 13.4 },
        radius: 20000,
      },
      async: true,
      matrixAttributes: ["travelTimes", "distances"],
    }, {
      onProgress: (s) => progress.push(s),
      poll: { initialDelayMs: 10, maxDelayMs: 20 },
    });
    assert.equal(m.travelTime(1, 0), 610);
    assert.equal(m.distance(0, 1), 5000);
    assert.ok(m.matrix.travelTimes instanceof Float64Array);
    assert.deepEqual(progress, ["accepted", "inProgress", "completed"]);
    const submit = server.seen.find((r) => r.method === "POST");
    assert.equal(submit.query, "?async=true&apiKey=node-key");
    assert.deepEqual(JSON.parse(submit.body).origins, [
      { lat: 52.5, lng: 13.4 },
      { lat: 52.52, lng: 13.45 },
    ]);

    await assert.rejects(ls.geocode({ query: " " }), ValueError);
  } finally {
    await server.close();
  }
});
