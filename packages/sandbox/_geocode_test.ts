import assert from "node:assert/strict";
import { haversineMeters } from "./geodesy.ts";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const BERLIN = { lat: 52.52, lng: 13.405 };

Deno.test("geocode 'Berlin': Berlin, Germany first, HERE's item shape", async () => {
  await using sandbox = await startSandbox();
  const res = await call(sandbox, "/v1/geocode?q=Berlin");
  assert.equal(res.status, 200);
  const [first, second] = res.body.items;
  assert.deepEqual(
    [first.title, first.id, first.resultType, first.localityType],
    ["Berlin, Germany", "here:cm:namedplace:2950159", "locality", "city"],
  );
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

Deno.test("geocode show=streetInfo splits the street's name from its type", async () => {
  await using sandbox = await startSandbox();
  const german = await call(
    sandbox,
    "/v1/geocode?qq=city=Berlin;street=Invalidenstra%C3%9Fe;houseNumber=116&limit=1&show=streetInfo,tz",
  );
  const [item] = german.body.items;
  assert.deepEqual(item.streetInfo, [{
    baseName: "Invaliden",
    streetType: "straße",
    streetTypePrecedes: false,
    streetTypeAttached: true,
  }]);
  assert.deepEqual(item.timeZone, { name: "Etc/GMT-1", utcOffset: "+01:00" });
  const english = await call(
    sandbox,
    "/v1/revgeocode?at=51.5072,-0.1276&types=street&show=streetInfo",
  );
  const [street] = english.body.items;
  assert.equal(
    `${street.streetInfo[0].baseName} ${street.streetInfo[0].streetType}`,
    street.address.street,
  );
  assert.equal(street.streetInfo[0].streetTypeAttached, false);
  // Without show, no block; a city has no street to describe.
  const plain = await call(
    sandbox,
    "/v1/geocode?q=Berlin&limit=1&show=streetInfo",
  );
  assert.equal(plain.body.items[0].streetInfo, undefined);
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
  // The nearest generated street: Potsdam's streets are 200 m apart, so it
  // lies within half a block, plus its plot.
  const addr = street.body.items[0];
  assert.ok(addr.distance < 150, `${addr.distance} m`);
  assert.equal(
    addr.distance,
    Math.round(haversineMeters({ lat: 52.401, lng: 13.06 }, addr.position)),
  );
  const circle = await call(
    sandbox,
    "/v1/revgeocode?in=circle:52.401,13.06;r=50",
  );
  assert.equal(circle.body.items[0].address.city, "Potsdam");
});

Deno.test("reverse geocode: a bearing from 0 to 359 with at is answered; out of range, or with in=circle, is a 400", async () => {
  await using sandbox = await startSandbox();
  const ok = await call(
    sandbox,
    "/v1/revgeocode?at=52.401,13.06&bearing=90&types=street",
  );
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.items[0].resultType, "street");
  for (
    const query of [
      "at=52.401,13.06&bearing=360",
      "at=52.401,13.06&bearing=-5",
      "at=52.401,13.06&bearing=9.5",
      "in=circle:52.401,13.06;r=50&bearing=90",
    ]
  ) {
    const res = await call(sandbox, `/v1/revgeocode?${query}`);
    assert.equal(res.status, 400, query);
  }
});
