import assert from "node:assert/strict";
import { loadGazetteer } from "./_gazetteer.ts";
import { GEOMETRY_CAP, type Link, streetsOf } from "./_streets.ts";
import { call } from "./_test_sandbox.ts";
import { startSandbox } from "./sandbox.ts";

/** A link of the given kind among the towns around a point. */
async function findLink(test: (l: Link) => boolean): Promise<Link> {
  const g = await loadGazetteer();
  const s = streetsOf(g);
  for (const h of s.near({ lat: 48.5, lng: 2.5 }, 200_000)) {
    const t = s.town(h.city);
    if (!t) continue;
    const link = s.links(t).find(test);
    if (link) return link;
  }
  throw new Error("No such link");
}

async function summary(
  sandbox: Awaited<ReturnType<typeof startSandbox>>,
  link: Link,
  query: string,
) {
  const g = await loadGazetteer();
  const a = g.cities[link.a], b = g.cities[link.b];
  const res = await call(
    sandbox,
    `/v8/routes?origin=${a.lat},${a.lng}&destination=${b.lat},${b.lng}&return=summary,polyline&${query}`,
  );
  assert.equal(res.status, 200, res.text);
  return res.body.routes[0]?.sections[0].summary;
}

Deno.test("a heavy truck keeps off a road with a weight limit; a light one takes it", async () => {
  await using sandbox = await startSandbox();
  const link = await findLink((l) => l.maxWeight > 0);
  const light = await summary(sandbox, link, "transportMode=truck");
  const heavy = await summary(
    sandbox,
    link,
    `transportMode=truck&vehicle[grossWeight]=${link.maxWeight + 10_000}`,
  );
  assert.ok(light);
  assert.ok(!heavy || heavy.duration > light.duration, JSON.stringify(heavy));
  const within = await summary(
    sandbox,
    link,
    `transportMode=truck&vehicle[grossWeight]=${link.maxWeight}`,
  );
  assert.deepEqual(within, light);
});

Deno.test("a truck too tall for a road's height limit keeps off it", async () => {
  await using sandbox = await startSandbox();
  const link = await findLink((l) => l.maxHeight > 0);
  const low = await summary(
    sandbox,
    link,
    "transportMode=truck&vehicle[height]=300",
  );
  const tall = await summary(
    sandbox,
    link,
    `transportMode=truck&truck[height]=${link.maxHeight + 20}`,
  );
  assert.ok(low);
  assert.ok(!tall || tall.duration > low.duration);
});

Deno.test("avoid[features]=tollRoad takes another way than a toll motorway", async () => {
  await using sandbox = await startSandbox();
  const link = await findLink((l) => l.toll);
  const toll = await summary(sandbox, link, "transportMode=car");
  const free = await summary(
    sandbox,
    link,
    "transportMode=car&avoid[features]=tollRoad",
  );
  assert.ok(toll && free);
  assert.ok(free.duration > toll.duration);
});

Deno.test("the network is the same whatever was asked before", async () => {
  const g = await loadGazetteer();
  const s = streetsOf(g);
  const town = s.town(g.cities.find((c) => c.name === "Lyon")!)!;
  const before = JSON.stringify(s.links(town).map((l) => [l.a, l.b, l.length]));
  // Ask about thousands of other places, past the caches' caps.
  for (const c of g.cities.slice(0, 60_000)) s.town(c);
  const after = JSON.stringify(
    s.links(s.town(town.city)!).map((l) => [l.a, l.b, l.length]),
  );
  assert.equal(after, before);
});

Deno.test("a link's road is drawn again, the same, once its points are no longer kept", async () => {
  const g = await loadGazetteer();
  const s = streetsOf(g);
  const link = await findLink((l) => l.roadClass === "motorway");
  const first = link.points;
  const drawn = structuredClone(first);
  // Other roads push this one's points out of the kept ones: town lists
  // keep links, and would otherwise keep every road they ever drew.
  for (let i = 0; i <= GEOMETRY_CAP; i++) s.link(i, i + 1, "trunk").points;
  const again = link.points;
  assert.notEqual(again, first, "the points were kept");
  assert.deepEqual(again, drawn);
  assert.ok(again.length > 10);
});
