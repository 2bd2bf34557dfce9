// What the client costs on top of the network: ls.geocode() against a raw
// fetch + json() of the same URL on the same loopback server, in one run.
// Run: npx -y deno@2.9.6 bench -A packages/ls/overhead_bench.ts
import { LS } from "./mod.ts";

const BODY = JSON.stringify({
  items: [{
    title: "Invalidenstraße 116, 10115 Berlin, Germany",
    id: "here:af:streetsection:example",
    resultType: "houseNumber",
    address: {
      label: "Invalidenstraße 116, 10115 Berlin, Germany",
      countryCode: "DEU",
    },
    position: { lat: 52.53041, lng: 13.38527 },
    mapView: {
      west: 13.38384,
      south: 52.52951,
      east: 13.38669,
      north: 52.53131,
    },
    scoring: { queryScore: 1, fieldScore: { streets: [1], houseNumber: 1 } },
  }],
});

const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen() {} },
  () =>
    new Response(BODY, {
      headers: {
        "content-type": "application/json",
        "x-correlation-id": "bench",
      },
    }),
);
const base = `http://127.0.0.1:${server.addr.port}`;
const ls = new LS({ apiKey: "bench-key", baseUrl: base });
const url =
  `${base}/v1/geocode?q=Invalidenstr%20116%2C%20Berlin&limit=20&lang=en-US&apiKey=bench-key`;

// Warm both paths (JIT, keep-alive connection) before either is measured.
for (let i = 0; i < 2000; i++) {
  await (await fetch(url, { headers: { accept: "application/json" } })).json();
  await ls.geocode({ query: "Invalidenstr 116, Berlin" });
}

Deno.bench(
  "raw fetch + json()",
  { group: "geocode", baseline: true },
  async () => {
    const res = await fetch(url, { headers: { accept: "application/json" } });
    await res.json();
  },
);

Deno.bench("ls.geocode()", { group: "geocode" }, async () => {
  const res = await ls.geocode({ query: "Invalidenstr 116, Berlin" });
  if (res.items.length !== 1) throw new Error("unexpected response");
});

globalThis.addEventListener("unload", () => server.shutdown());
