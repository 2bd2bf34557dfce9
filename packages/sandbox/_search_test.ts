import assert from "node:assert/strict";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

Deno.test("discover finds coffee shops inside the circle, nearest first, with lookup-able ids", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    "/v1/discover?q=coffee&in=circle:52.52,13.405;r=3000&limit=5",
  );
  assert.equal(res.status, 200);
  const items = res.body.items;
  assert.ok(items.length > 0);
  let last = 0;
  for (const item of items) {
    assert.equal(item.resultType, "place");
    assert.equal(item.categories[0].id, "100-1100-0010");
    assert.ok(item.distance <= 3000 && item.distance >= last);
    last = item.distance;
  }
  const looked = await call(
    sandbox,
    `/v1/lookup?id=${encodeURIComponent(items[0].id)}`,
  );
  assert.equal(looked.body.title, items[0].title);
  assert.deepEqual(looked.body.position, items[0].position);
  assert.equal(looked.body.distance, undefined);
  // A bbox keeps results inside it.
  const box = await call(
    sandbox,
    "/v1/discover?q=hotel&in=bbox:13.3,52.45,13.5,52.55&limit=10",
  );
  for (const item of box.body.items) {
    assert.ok(item.position.lng >= 13.3 && item.position.lng <= 13.5);
    assert.ok(item.position.lat >= 52.45 && item.position.lat <= 52.55);
  }
  // A place name finds the place.
  const city = await call(
    sandbox,
    "/v1/discover?q=Potsdam&at=52.52,13.405&limit=1",
  );
  assert.equal(city.body.items[0].resultType, "locality");
});

Deno.test("browse filters by category level and name, sorted by distance", async () => {
  await using sandbox = await startSandbox();
  const food = await call(
    sandbox,
    "/v1/browse?at=52.52,13.405&categories=100&limit=10",
  );
  assert.equal(food.body.items.length, 10);
  for (const item of food.body.items) {
    assert.match(item.categories[0].id, /^100-/);
  }
  const named = await call(
    sandbox,
    `/v1/browse?at=52.52,13.405&name=${encodeURIComponent("Pharmacy")}&limit=3`,
  );
  for (const item of named.body.items) assert.match(item.title, /Pharmacy/);
  const all = await call(sandbox, "/v1/browse?at=52.52,13.405&limit=20");
  const kinds = new Set(
    all.body.items.map((i: { categories: { id: string }[] }) =>
      i.categories[0].id
    ),
  );
  assert.ok(kinds.size > 3);
  const de = await call(
    sandbox,
    "/v1/browse?at=52.52,13.405&in=countryCode:FRA&limit=2",
  );
  assert.deepEqual(de.body.items, []);
});

Deno.test("lookup of an unknown id: 404", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    "/v1/lookup?id=here:pds:place:zzzzu001-00000000",
  );
  assert.equal(res.status, 404);
  assert.equal(res.body.status, 404);
  assert.equal(res.body.title, "Not Found");
});

Deno.test("autosuggest: category query with a discover href, query terms, highlighted places", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    "/v1/autosuggest?q=res&at=52.52,13.405&limit=5&termsLimit=3",
  );
  assert.equal(res.status, 200);
  const [query] = res.body.items;
  assert.equal(query.resultType, "categoryQuery");
  assert.equal(query.title, "Restaurant");
  assert.deepEqual(query.highlights.title, [{ start: 0, end: 3 }]);
  assert.equal(
    query.href,
    `${sandbox.url}/v1/discover?q=Restaurant&at=52.52,13.405`,
  );
  const followed = await call(
    sandbox,
    new URL(query.href).pathname + new URL(query.href).search,
  );
  assert.ok(followed.body.items.length > 0);
  assert.deepEqual(res.body.queryTerms[0], {
    term: "restaurant",
    replaces: "res",
    start: 0,
    end: 3,
  });
  assert.ok(res.body.queryTerms.length <= 3);
  const places = await call(
    sandbox,
    "/v1/autosuggest?q=Potsd&at=52.52,13.405&limit=3",
  );
  const potsdam = places.body.items.find((i: { title: string }) =>
    i.title.startsWith("Potsdam")
  );
  assert.ok(
    potsdam,
    JSON.stringify(places.body.items.map((i: { title: string }) => i.title)),
  );
  assert.deepEqual(potsdam.highlights.title, [{ start: 0, end: 5 }]);
  assert.equal(typeof potsdam.distance, "number");
});
