// The demo's map: the view frames every result and is true to scale at its
// latitude, the scale bar says how long it is, paths keep 5 decimals of a
// degree and no more, place names do not overlap, and the page draws the
// streets under the results without fetching anything.
import assert from "node:assert/strict";
import type { FeatureCollection } from "geojson";
import {
  haversineMeters,
  type StreetMapPlace,
  type StreetMapRoad,
} from "@ls/sandbox";
import {
  linesPath,
  mapView,
  placeLabels,
  type Rect,
  renderMap,
  roadsSvg,
  scaleBar,
} from "../scripts/_demo_map.ts";

function points(...positions: [number, number][]): FeatureCollection {
  return {
    type: "FeatureCollection",
    features: positions.map(([lng, lat], id) => ({
      type: "Feature",
      id,
      properties: {},
      geometry: { type: "Point", coordinates: [lng, lat] },
    })),
  };
}

Deno.test("mapView frames every result with a margin and fills the map", () => {
  const view = mapView(
    { a: points([13.0, 52.3], [14.5, 52.8]) },
    1000,
    500,
    0.05,
  );
  const { west, south, east, north } = view.box;
  assert.ok(west < 13.0 && east > 14.5 && south < 52.3 && north > 52.8);
  // The margin is there on the sides that limit the view.
  for (const [lng, lat] of [[13.0, 52.3], [14.5, 52.8]]) {
    const [x, y] = view.project([lng, lat]);
    assert.ok(x >= 20 && x <= 980 && y >= 0 && y <= 500, `${x},${y}`);
  }
  // The box's corners are the map's corners.
  assert.deepEqual(view.project([west, north]).map(Math.round), [0, 0]);
  assert.deepEqual(view.project([east, south]).map(Math.round), [1000, 500]);
});

Deno.test("mapView is true to scale at the map's latitude in both directions", () => {
  for (const lat of [0, 52.5, 65]) {
    const view = mapView(
      { a: points([10, lat - 0.2], [10.4, lat + 0.2]) },
      900,
      600,
    );
    const mid = { lat: (view.box.south + view.box.north) / 2, lng: 10.2 };
    const east = { lat: mid.lat, lng: mid.lng + 0.1 };
    const north = { lat: mid.lat + 0.1, lng: mid.lng };
    const px = (a: typeof mid, b: typeof mid) => {
      const [x0, y0] = view.project([a.lng, a.lat]);
      const [x1, y1] = view.project([b.lng, b.lat]);
      return Math.hypot(x1 - x0, y1 - y0);
    };
    for (const to of [east, north]) {
      const metres = haversineMeters(mid, to);
      const drawn = px(mid, to) * view.metresPerPixel;
      assert.ok(
        Math.abs(drawn / metres - 1) < 0.001,
        `at ${lat}°: ${drawn} m drawn for ${metres} m`,
      );
    }
  }
});

Deno.test("scaleBar picks the longest round length that fits", () => {
  assert.deepEqual(scaleBar(100, 150), {
    metres: 10_000,
    pixels: 100,
    label: "10 km",
  });
  assert.deepEqual(scaleBar(3, 150), {
    metres: 200,
    pixels: 200 / 3,
    label: "200 m",
  });
  assert.equal(scaleBar(40, 150).label, "5 km");
  for (const mpp of [0.7, 13, 95.3, 480, 2600]) {
    const bar = scaleBar(mpp, 150);
    assert.match(String(bar.metres), /^[125]0*$/);
    assert.ok(
      bar.pixels <= 150 && bar.pixels > 150 / 2.5,
      `${mpp}: ${bar.pixels}`,
    );
    assert.ok(Math.abs(bar.pixels * mpp - bar.metres) < 1e-6);
  }
});

Deno.test("linesPath rounds to 5 decimals of a degree and draws relative steps", () => {
  const view = mapView({ a: points([13, 52], [14, 53]) }, 1000, 1000);
  // About 900 pixels a degree: 1e-5 of a degree is 0.009 pixels, 2 decimals.
  assert.equal(view.decimals, 2);
  const line: [number, number][] = [
    [52.5, 13.5],
    [52.500001, 13.500001], // rounds onto the first point: dropped
    [52.51, 13.52],
    [52.5, 13.55],
  ];
  const d = linesPath([line, [[52.6, 13.6], [52.6, 13.6000001]]], view);
  // One subpath: the second line shrinks to a point.
  assert.equal(d.match(/M/g)?.length, 1);
  const m = d.match(/^M([\d.]+) ([\d.]+)l(.*)$/);
  assert.ok(m, d);
  const steps = m[3].match(/-?[\d.]+/g)!.map(Number);
  assert.equal(steps.length, 4, d);
  for (const n of d.match(/[\d.]+/g)!) {
    assert.ok(!/\.\d{3}/.test(n), `${n} has more than 2 decimals`);
  }
  // Adding up the steps lands on each point, to within the rounding.
  let [x, y] = [Number(m[1]), Number(m[2])];
  for (const [i, p] of [line[2], line[3]].entries()) {
    x += steps[2 * i];
    y += steps[2 * i + 1];
    const [ex, ey] = view.project([p[1], p[0]]);
    assert.ok(Math.abs(x - ex) < 0.01 && Math.abs(y - ey) < 0.01);
  }
});

Deno.test("roadsSvg draws casings first and the widest classes last", () => {
  const view = mapView({ a: points([13, 52], [14, 53]) }, 500, 500);
  const road = (
    roadClass: StreetMapRoad["roadClass"],
    lat: number,
  ): StreetMapRoad => ({
    roadClass,
    name: roadClass,
    points: [[lat, 13.1], [lat, 13.9]],
  });
  const svg = roadsSvg([
    road("motorway", 52.2),
    road("local", 52.4),
    road("primary", 52.6),
  ], view);
  const order = [...svg.matchAll(/class="(casing|road) (\w+)"/g)].map((m) =>
    `${m[1]} ${m[2]}`
  );
  assert.deepEqual(order, [
    "casing primary",
    "casing motorway",
    "road local",
    "road primary",
    "road motorway",
  ]);
  assert.equal(roadsSvg([], view), "");
});

Deno.test("placeLabels: largest first, none overlapping, capped, none too small", () => {
  const view = mapView({ a: points([13, 52], [14, 53]) }, 500, 500);
  const places: StreetMapPlace[] = [];
  // 400 places on a grid 0.05° apart, populations from 1,000 up.
  for (let i = 0; i < 400; i++) {
    places.push({
      name: `Place ${i}`,
      lat: 52 + Math.floor(i / 20) * 0.05,
      lng: 13 + (i % 20) * 0.05,
      population: 1000 + i * 997,
    });
  }
  places.push({ name: "Capital", lat: 52.5, lng: 13.5, population: 3_000_000 });
  const legend: Rect = [0, 0, 150, 150];
  const labels = placeLabels(places, view, [legend]);
  assert.equal(labels[0].place.name, "Capital");
  assert.ok(
    labels.length > 3 && labels.length <= 10,
    `${labels.length} labels`,
  );
  for (let i = 1; i < labels.length; i++) {
    assert.ok(labels[i].place.population <= labels[i - 1].place.population);
    assert.ok(labels[i].size <= labels[0].size);
  }
  const rect = (l: typeof labels[0]): Rect => {
    const half = 0.3 * l.size * l.place.name.length;
    return [l.x - half, l.y - l.size / 2, l.x + half, l.y + l.size / 2];
  };
  const boxes = labels.map(rect);
  for (const [i, a] of boxes.entries()) {
    for (const b of [...boxes.slice(i + 1), legend]) {
      assert.ok(
        !(a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]),
        `${labels[i].place.name} overlaps`,
      );
    }
  }
  // Small places are left out at this scale (about 220 m a pixel).
  assert.ok(
    labels.every((l) => l.place.population >= 50 * view.metresPerPixel),
  );
});

Deno.test("renderMap draws streets and places under the results, offline", () => {
  const route: FeatureCollection = {
    type: "FeatureCollection",
    features: [{
      type: "Feature",
      properties: {},
      geometry: {
        type: "LineString",
        coordinates: [[13.1, 52.4], [13.5, 52.6]],
      },
    }],
  };
  const layers = { route, geocode: points([13.3, 52.5]) };
  const view = mapView(layers);
  const html = renderMap(layers, "a test", view, {
    roads: [{
      roadClass: "motorway",
      name: "A 1",
      points: [[52.45, 13.1], [52.55, 13.5]],
    }],
    places: [{ name: "Town <&>", lat: 52.5, lng: 13.3, population: 50_000 }],
  }, "Streets: made up.");
  const at = (s: string) => {
    const i = html.indexOf(s);
    assert.ok(i >= 0, `no ${s}`);
    return i;
  };
  assert.ok(at('class="road motorway"') < at(">Town &lt;&amp;&gt;</text>"));
  assert.ok(at(">Town &lt;&amp;&gt;</text>") < at("<title>car route</title>"));
  at('class="scale"');
  at("Streets: made up.");
  // Nothing to fetch: no scripts, links, images or URLs in styles.
  assert.doesNotMatch(html, /<script|<link|<img|src=|href=|url\(/);
});
