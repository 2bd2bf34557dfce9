// What the client costs on top of the network: ls.geocode() against a raw
// fetch + json() of the same URL on the same loopback server, in one run.
// Run: npx -y deno@2.9.6 bench -A packages/ls/overhead_bench.ts
import { LS } from "./mod.ts";
import { cancelExpiry, expireAfter } from "../core/http/timers.ts";

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

// The floor: what any client must do per call to keep the promises it makes
// (a timeout that aborts the request, redirects not followed blindly, the
// body's length checked before it is read, JSON parsed), written inline with
// nothing else. ls.geocode() / floor is the cost of everything else:
// validation, the query, retries, limits, redaction, the typed response.
const floor = async () => {
  const ctl = new AbortController();
  const expiry = expireAfter(60_000, () => ctl.abort());
  try {
    const res = await fetch(url, {
      headers: { accept: "application/json" },
      signal: ctl.signal,
      redirect: "manual",
    });
    if (res.status !== 200) throw new Error("unexpected status");
    const length = Number(res.headers.get("content-length"));
    if (!(length <= 8 * 1024 * 1024)) throw new Error("unexpected length");
    return JSON.parse(await res.text());
  } finally {
    cancelExpiry(expiry);
  }
};

// Warm both paths (JIT, keep-alive connection) before either is measured.
for (let i = 0; i < 2000; i++) {
  await (await fetch(url, { headers: { accept: "application/json" } })).json();
  await ls.geocode({ query: "Invalidenstr 116, Berlin" });
  await floor();
}

// Deno.bench runs the two groups one after the other, so a change in
// background load between them moves the ratio (seen: 1.1× to 1.3× from run
// to run). This paired measurement alternates the two calls, in alternating
// order, so both see the same conditions, and prints the ratio of the means
// and of the medians.
{
  const rounds = 5000;
  const raw: number[] = [];
  const client: number[] = [];
  const least: number[] = [];
  const time = async (fn: () => Promise<unknown>, into: number[]) => {
    const t0 = performance.now();
    await fn();
    into.push(performance.now() - t0);
  };
  const fetchJson = async () =>
    await (await fetch(url, { headers: { accept: "application/json" } }))
      .json();
  const geocode = () => ls.geocode({ query: "Invalidenstr 116, Berlin" });
  for (let k = 0; k < rounds; k++) {
    if (k % 2) {
      await time(fetchJson, raw);
      await time(floor, least);
      await time(geocode, client);
    } else {
      await time(geocode, client);
      await time(floor, least);
      await time(fetchJson, raw);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[xs.length >> 1];
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  console.log(
    `ls.geocode() / raw fetch + json(), ${rounds} paired rounds: mean ${
      us(mean(client))
    } / ${us(mean(raw))} = ${(mean(client) / mean(raw)).toFixed(2)}x, median ${
      us(median(client))
    } / ${us(median(raw))} = ${(median(client) / median(raw)).toFixed(2)}x`,
  );
  console.log(
    `floor / raw fetch + json(): median ${us(median(least))} / ${
      us(median(raw))
    } = ${(median(least) / median(raw)).toFixed(2)}x; ls.geocode() / floor: ${
      (median(client) / median(least)).toFixed(2)
    }x`,
  );
}

Deno.bench(
  "raw fetch + json()",
  { group: "geocode", baseline: true },
  async () => {
    const res = await fetch(url, { headers: { accept: "application/json" } });
    await res.json();
  },
);

Deno.bench("floor: guarded fetch + parse", { group: "geocode" }, floor);

Deno.bench("ls.geocode()", { group: "geocode" }, async () => {
  const res = await ls.geocode({ query: "Invalidenstr 116, Berlin" });
  if (res.items.length !== 1) throw new Error("unexpected response");
});

globalThis.addEventListener("unload", () => server.shutdown());
