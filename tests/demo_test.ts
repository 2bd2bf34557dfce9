// `deno task demo` runs every operation against the in-process sandbox and
// writes the GeoJSON files and map.html, drawn over the sandbox's streets.
import assert from "node:assert/strict";

Deno.test("deno task demo runs every operation and writes the map", async () => {
  const root = new URL("../", import.meta.url).pathname;
  const env: Record<string, string> = { ...Deno.env.toObject(), NO_COLOR: "1" };
  for (
    const name of ["HERE_API_KEY", "HERE_ACCESS_KEY_ID", "HERE_ACCESS_KEY"]
  ) delete env[name];
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "demo"],
    cwd: root,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(stdout);
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  assert.match(out, /offline sandbox/);
  for (
    const op of [
      "geocode",
      "reverseGeocode",
      "discover",
      "browse",
      "lookup",
      "autosuggest",
      "carRoute",
      "bicycleRoute",
      "pedestrianRoute",
      "scooterRoute",
      "truckRoute",
      "calculateIsoline",
      "evRoute",
      "evIsoline",
      "matrix",
      "getDestWeather",
      "getWeatherAlerts",
      "solveTourPlanning",
      "bulk",
    ]
  ) {
    assert.match(out, new RegExp(`^${op}\\s`, "m"), `no line for ${op}`);
  }
  const html = await Deno.readTextFile(`${root}demo-output/map.html`);
  assert.match(html, /<svg/);
  assert.ok(
    (html.match(/<path /g) ?? []).length >= 4,
    "route, isolines and tours are drawn",
  );
  const route = JSON.parse(
    await Deno.readTextFile(`${root}demo-output/route.geojson`),
  );
  assert.equal(route.features[0].geometry.type, "LineString");
  // The electric car stops to charge once and the map shows where.
  // Each charging stop starts a section of its own.
  const stops = /^evRoute\s+(\d+) sections, ([1-9]\d*) charging stop\(s\)/m
    .exec(out);
  assert.ok(stops, out);
  assert.equal(Number(stops[1]), Number(stops[2]) + 1);
  const ev = JSON.parse(
    await Deno.readTextFile(`${root}demo-output/evRoute.geojson`),
  );
  assert.equal(typeof ev.features[0].properties.arrivalCharge, "number");
  assert.equal(typeof ev.features[0].properties.chargingTime, "number");
  assert.match(html, /<title>charging stop: /);
  assert.match(html, /<title>consumption isoline 12 kWh<\/title>/);
  // The sandbox's streets and places are drawn under the results, with a
  // scale bar, in a page of a reasonable size.
  assert.ok(
    html.indexOf('class="road ') < html.indexOf("<title>car route</title>"),
    "streets under the results",
  );
  assert.match(html, />Berlin<\/text>/);
  assert.match(html, />Potsdam<\/text>/);
  assert.match(html, /<g class="scale">.*>\d+ k?m<\/text>/);
  assert.ok(html.length < 3_000_000, `map.html is ${html.length} bytes`);
  // The bulk step geocoded every row of the sample CSV.
  assert.match(
    out,
    /^bulk\s+20 addresses .*: 20 found, 0 not found, 0 failed$/m,
  );
  const addresses = JSON.parse(
    await Deno.readTextFile(`${root}demo-output/addresses.geojson`),
  );
  assert.equal(addresses.features.length, 20);
  assert.deepEqual(
    addresses.features.map((f: { id: number }) => f.id).sort((
      a: number,
      b: number,
    ) => a - b),
    Array.from({ length: 20 }, (_, i) => i),
  );
});
