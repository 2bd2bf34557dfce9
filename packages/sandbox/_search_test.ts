import assert from "node:assert/strict";
import { haversineMeters } from "./travel_model.ts";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const BERLIN = { lat: 52.52, lng: 13.405 };

Deno.test("geocode 'Berlin': Berlin, Germany first, HERE's item shape", async () => {
  await using sandbox = await startSandbox();
  const res = await call(sandbox, "/v1/geocode?q=Berlin");
  assert.equal(res.status, 200);
  const [first, second] = res.body.items;
  assert.equal(first.title, "Berlin, Germany");
  assert.equal(first.id, "here:cm:namedplace:2950159");
  assert.equal(first.resultType, "locality");
  assert.equal(first.localityType, "city");
  assert.deepEqual(first.address, {
    label: "Berlin, Germany",
    countryCode: "DEU",
    countryName: "Germany",
    city: "Berlin",
  });
  assert.ok(haversineMeters(first.position, BERLIN) < 2000);
  assert.ok(
    first.mapView.west < first.position.lng &&
      first.mapView.north > first.position.lat,
  );
  assert.deepEqual(first.scoring, { queryScore: 1, fieldScore: { city: 1 } });
  // Other places called Berlin follow (e.g. in the US), at most the default 20.
  assert.notEqual(second.id, first.id);
  assert.match(second.title, /^Berl[ií]n, /);
  assert.ok(res.body.items.length <= 20);
});

Deno.test("geocode honours limit, in=countryCode, lang and types", async () => {
  await using sandbox = await startSandbox();
  const us = await call(
    sandbox,
    "/v1/geocode?q=Berlin&in=countryCode:USA&limit=3",
  );
  assert.equal(us.body.items.length, 3);
  for (const item of us.body.items) {
    assert.equal(item.address.countryCode, "USA");
    assert.match(item.address.stateCode, /^[A-Z]{2}$/);
  }
  const german = await call(sandbox, "/v1/geocode?q=Berlin&limit=1&lang=de-DE");
  assert.equal(german.body.items[0].address.countryName, "Deutschland");
  assert.equal(german.body.items[0].title, "Berlin, Deutschland");
  const streets = await call(sandbox, "/v1/geocode?q=Berlin&types=street");
  assert.deepEqual(streets.body.items, []);
  const country = await call(sandbox, "/v1/geocode?q=Germany&types=area");
  assert.equal(country.body.items[0].resultType, "administrativeArea");
  assert.equal(country.body.items[0].address.countryCode, "DEU");
});

Deno.test("geocode of a street address returns a house number in the right city; lookup round-trips it", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    `/v1/geocode?q=${
      encodeURIComponent("Invalidenstr 116, 10115 Berlin")
    }&limit=1`,
  );
  const [item] = res.body.items;
  assert.equal(item.resultType, "houseNumber");
  assert.equal(item.address.street, "Invalidenstr");
  assert.equal(item.address.houseNumber, "116");
  assert.equal(item.address.postalCode, "10115");
  assert.equal(item.address.city, "Berlin");
  assert.equal(item.title, "Invalidenstr 116, 10115 Berlin, Germany");
  assert.ok(haversineMeters(item.position, BERLIN) < 25_000);
  const again = await call(
    sandbox,
    `/v1/lookup?id=${encodeURIComponent(item.id)}`,
  );
  assert.equal(again.status, 200);
  assert.deepEqual(again.body.position, item.position);
  assert.equal(again.body.title, item.title);
  // The qualified form finds the same place.
  const qq = await call(
    sandbox,
    "/v1/geocode?qq=city=Berlin;street=Invalidenstr;houseNumber=116;postalCode=10115&limit=1",
  );
  assert.equal(qq.body.items[0].id, item.id);
});

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

Deno.test("reverse geocode near Potsdam returns Potsdam with its distance", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    "/v1/revgeocode?at=52.401,13.06&limit=3&show=tz",
  );
  const [item] = res.body.items;
  assert.equal(item.address.city, "Potsdam");
  assert.equal(
    item.distance,
    Math.round(haversineMeters({ lat: 52.401, lng: 13.06 }, item.position)),
  );
  assert.ok(res.body.items.length <= 3);
  for (let i = 1; i < res.body.items.length; i++) {
    assert.ok(res.body.items[i].distance >= res.body.items[i - 1].distance);
  }
  assert.deepEqual(item.timeZone, { name: "Etc/GMT-1", utcOffset: "+01:00" });
  const street = await call(
    sandbox,
    "/v1/revgeocode?at=52.401,13.06&types=address",
  );
  assert.equal(street.body.items[0].resultType, "houseNumber");
  assert.ok(street.body.items[0].distance < 20);
  const circle = await call(
    sandbox,
    "/v1/revgeocode?in=circle:52.401,13.06;r=50",
  );
  assert.equal(circle.body.items[0].address.city, "Potsdam");
});

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
