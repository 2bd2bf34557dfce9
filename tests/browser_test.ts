// The bundled umbrella, loaded as an ES module in headless Chromium, performs
// a geocode and a route against a loopback API server on another origin
// (which sends CORS headers), and the page reports the results back.
import assert from "node:assert/strict";
import { encodePolyline } from "@ls/core";
import {
  jsonReply,
  type RouteHandler,
  startTestServer,
  textReply,
} from "@ls/core/testing";
import { bundleUmbrella, NO_CREDENTIAL } from "./_bundle.ts";

const CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

function findChromium(): string | undefined {
  for (const path of CANDIDATES) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // not installed here
    }
  }
  return undefined;
}

const chromium = findChromium();

/** Whether any process of the process group `pgid` is still there. */
async function groupAlive(pgid: number): Promise<boolean> {
  const { success } = await new Deno.Command("sh", {
    args: ["-c", `kill -0 -- -${pgid} 2>/dev/null`],
  }).output();
  return success;
}

/**
 * Stops the browser and every process it started (zygotes, GPU, network,
 * renderers), then checks that none is left. `chromium-headless-shell` is a
 * shell script that runs the real binary as its child, so killing the
 * script's pid alone would leave the browser running: the browser runs in a
 * session of its own (`detached`), whose process group is killed at once.
 */
async function stopGroup(child: Deno.ChildProcess): Promise<void> {
  try {
    Deno.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM"); // not a group leader: a bug here, caught below
  }
  await child.status;
  for (let i = 0; i < 100 && await groupAlive(child.pid); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (await groupAlive(child.pid)) {
    try {
      Deno.kill(-child.pid, "SIGKILL");
    } catch {
      // gone just now
    }
    assert.fail(`Chromium processes (group ${child.pid}) outlived SIGTERM`);
  }
}
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "X-Correlation-Id, X-Request-Id",
};

const PAGE = (api: string) =>
  `<!doctype html>
<html><body><script type="module">
import { LS } from "/ls.js";
const report = (r) => fetch("/report", { method: "POST", body: JSON.stringify(r) });
try {
  // No credential: a browser has no environment or file system to look in.
  let noCredential;
  try {
    new LS({ baseUrl: ${JSON.stringify(api)} });
  } catch (e) {
    noCredential = e.name + ": " + e.message;
  }
  const ls = new LS({ apiKey: "browser-key", baseUrl: ${JSON.stringify(api)} });
  const g = await ls.geocode({ query: "Berlin" });
  const route = await ls.carRoute({ origin: [52.5, 13.4], destination: [52.6, 13.5] });
  await report({
    ok: true,
    userAgent: navigator.userAgent,
    title: g.items[0].title,
    correlationId: g.correlationId,
    point: g.toGeoJSON().features[0].geometry.coordinates,
    line: route.toGeoJSON().features[0].geometry.coordinates,
    duration: route.routes[0].sections[0].summary.duration,
    noCredential,
  });
} catch (e) {
  await report({ ok: false, error: String(e && e.stack || e) });
}
</script></body></html>`;

Deno.test({
  name: "the bundled LS geocodes and routes from a page in headless Chromium",
  // A user's machine may lack Chromium; CI installs it and must run this.
  ignore: chromium === undefined && !Deno.env.get("CI"),
  async fn() {
    if (!chromium) throw new Error("chromium-headless-shell is not installed");
    await using api = await startTestServer();
    const polyline = encodePolyline({
      precision: 6,
      polyline: [[52.5, 13.4], [52.6, 13.5]],
    });
    api.route(
      "GET /v1/geocode",
      jsonReply(200, {
        items: [{
          title: "Berlin, Germany",
          id: "here:cm:namedplace:1",
          position: { lat: 52.52, lng: 13.4 },
        }],
      }, { ...CORS, "x-correlation-id": "browser-corr" }),
    );
    api.route(
      "GET /v8/routes",
      jsonReply(200, {
        routes: [{
          id: "r0",
          sections: [{
            id: "s0",
            type: "vehicle",
            departure: {
              time: "2024-05-01T08:00:00+02:00",
              place: { type: "place", location: { lat: 52.5, lng: 13.4 } },
            },
            arrival: {
              time: "2024-05-01T08:20:00+02:00",
              place: { type: "place", location: { lat: 52.6, lng: 13.5 } },
            },
            summary: { duration: 1200, length: 15000 },
            polyline,
            transport: { mode: "car" },
          }],
        }],
      }, CORS),
    );

    await using page = await startTestServer();
    const { promise: reported, resolve } = Promise.withResolvers<
      Record<string, unknown>
    >();
    const bundle = await bundleUmbrella("esm");
    page.route(
      "GET /",
      textReply(200, PAGE(api.url), { "content-type": "text/html" }),
    );
    page.route(
      "GET /ls.js",
      textReply(200, bundle, { "content-type": "text/javascript" }),
    );
    const onReport: RouteHandler = (req) => {
      resolve(JSON.parse(req.bodyText));
      return new Response(null, { status: 204 });
    };
    page.route("POST /report", onReport);
    page.route("GET /favicon.ico", textReply(204, ""));

    const profile = await Deno.makeTempDir();
    const child = new Deno.Command(chromium, {
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--user-data-dir=${profile}`,
        `${page.url}/`,
      ],
      stdin: "null",
      stdout: "null",
      stderr: "null",
      // A session and process group of its own, killed as a whole.
      detached: true,
    }).spawn();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error("The page did not report within 30 s")),
          30_000,
        );
      });
      const result = await Promise.race([reported, timeout]);
      assert.equal(result.ok, true, String(result.error));
      assert.match(String(result.userAgent), /Chrome/);
      assert.equal(result.title, "Berlin, Germany");
      assert.equal(result.correlationId, "browser-corr");
      assert.deepEqual(result.point, [13.4, 52.52]);
      assert.deepEqual(result.line, [[13.4, 52.5], [13.5, 52.6]]);
      assert.equal(result.duration, 1200);
      assert.equal(result.noCredential, NO_CREDENTIAL);
      const [geocodeReq] = api.requestsFor("GET /v1/geocode");
      assert.equal(
        geocodeReq.rawQuery,
        "q=Berlin&limit=20&lang=en-US&apiKey=browser-key",
      );
      assert.equal(geocodeReq.headers.get("origin"), page.url);
    } finally {
      clearTimeout(timer);
      await stopGroup(child).finally(() =>
        Deno.remove(profile, { recursive: true }).catch(() => {})
      );
    }
  },
});
