// Hostile requests to the street network: the ends of the world, points
// off the roads, and ranges at the limits the services accept. Each test
// pins a defect that was found and fixed.

import assert from "node:assert/strict";
import { call } from "./_test_sandbox.ts";
import { haversineMeters } from "./geodesy.ts";
import { startSandbox } from "./sandbox.ts";
import type { Link } from "./_streets.ts";
import { linkAllowed, profileOf } from "./_streets_profile.ts";

// Anadyr's streets, and a point of the Gulf of Anadyr 3 km and more from
// any road (but near enough a place to pass the first, coarse match).
const ANADYR = "64.73,177.5";
const GULF = "65.0,-179.9";

Deno.test("routes: a waypoint off the streets is named for its place in the request", async () => {
  await using sandbox = await startSandbox();
  const codes: string[] = [];
  for (
    const [origin, destination, via] of [
      [GULF, ANADYR, undefined],
      [ANADYR, GULF, undefined],
      [ANADYR, ANADYR, GULF],
    ]
  ) {
    const res = await call(
      sandbox,
      `/v8/routes?transportMode=car&origin=${origin}&destination=${destination}` +
        (via ? `&via=${via}` : "") + "&return=summary",
    );
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.routes, []);
    codes.push(res.body.notices[0].code);
  }
  assert.deepEqual(codes, [
    "couldNotMatchOrigin",
    "couldNotMatchDestination",
    "couldNotMatchVia",
  ]);
});

// Large isolines used to take minutes (1 h by car from Berlin: 15 s;
// 4 h: over 200 s) and the largest (9 h, which the service accepts) ran
// out of memory. Far-reaching isolines now enter town streets only near
// their start, and a coarse raster marks blocks without matching them.
Deno.test({
  name: "isolines: the largest range the service accepts still answers",
  fn: async () => {
    await using sandbox = await startSandbox();
    const res = await call(
      sandbox,
      "/v8/isolines?transportMode=car&origin=52.52,13.4" +
        "&range[type]=time&range[values]=3600,32400",
    );
    assert.equal(res.status, 200, res.text);
    assert.ok(res.body.isolines[0].polygons.length > 0);
    assert.ok(res.body.isolines[1].polygons.length > 0);
  },
});

Deno.test("an avoided area that holds the waypoint asked for (not its street) is driven through and flagged", async () => {
  await using sandbox = await startSandbox();
  // The origin is a corner of the box; its street lies ~110 m away, just
  // outside it, and crosses it.
  const res = await call(
    sandbox,
    "/v8/routes?transportMode=car&return=summary&origin=52.54988,13.36174" +
      "&destination=52.55988,13.37174&avoid[areas]=bbox:13.3607,52.5489,13.3627,52.5509",
  );
  assert.equal(res.status, 200, res.text);
  const [section] = res.body.routes[0].sections;
  assert.ok(section.summary.duration > 0);
  assert.equal(section.notices[0].code, "violatedBlockedRoad");
});

// Points more than 3 km from any road and 30 km from any town (Taveuni,
// across the antimeridian from Labasa; the steppe near Zimovniki) used to
// get a made-up street of the nearest place, placed at the point itself:
// geocoding that address found the place's real street of that name,
// 80 km away.
Deno.test("reverse geocoding off the streets gives an address that geocodes back", async () => {
  await using sandbox = await startSandbox();
  for (const at of ["-16.83,-179.97", "46.8302,42.6906"]) {
    const rev = await call(
      sandbox,
      `/v1/revgeocode?at=${at}&types=address`,
    );
    assert.equal(rev.status, 200, rev.text);
    const [item] = rev.body.items;
    assert.ok(item?.address?.houseNumber, `${at}: ${rev.text}`);
    const [lat, lng] = at.split(",").map(Number);
    assert.equal(
      item.distance,
      Math.round(haversineMeters({ lat, lng }, item.position)),
    );
    const q = `${item.address.street} ${item.address.houseNumber}, ${
      item.address.district ?? item.address.city
    }`;
    const fwd = await call(
      sandbox,
      `/v1/geocode?q=${
        encodeURIComponent(q)
      }&in=countryCode:${item.address.countryCode}`,
    );
    const [back] = fwd.body.items;
    assert.ok(back, `${at}: ${q} not found`);
    const d = haversineMeters(back.position, item.position);
    assert.ok(d <= 50, `${at}: ${q} comes back ${d.toFixed(0)} m away`);
  }
});

// A link's road is drawn again once 4,000 others have been drawn, and a
// search meets far more links than that: testing every link it meets
// against the avoided areas drew them all again, so a route from Paris to
// Beijing avoiding a box near Moscow took 585 ms instead of 107. A link
// whose box is clear of the areas is now let through without its road.
Deno.test("avoided areas: a link far from every box is judged without drawing its road", () => {
  let drawn = 0;
  const link: Link = {
    a: 0,
    b: 1,
    roadClass: "trunk",
    get points(): readonly [number, number][] {
      drawn++;
      return [[52.5, 13.4], [52.6, 13.6]];
    },
    bounds: [52.5, 13.4, 52.6, 13.6],
    length: 15_000,
    toll: false,
    maxWeight: 0,
    maxHeight: 0,
    seed: 1,
    country: "DE",
  };
  const far = profileOf({
    avoidAreas: [{ south: 48, west: 2, north: 49, east: 3 }],
  });
  assert.equal(linkAllowed(far, link), true);
  assert.equal(drawn, 0);
  // Near a box, the road itself decides.
  const near = profileOf({
    avoidAreas: [{ south: 52.55, west: 13.3, north: 52.56, east: 13.42 }],
  });
  assert.equal(linkAllowed(near, link), true);
  assert.ok(drawn > 0);
  const across = profileOf({
    avoidAreas: [{ south: 52.54, west: 13.49, north: 52.56, east: 13.51 }],
  });
  assert.equal(linkAllowed(across, link), false);
});
