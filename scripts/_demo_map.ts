/**
 * The demo's map: one self-contained HTML page with an SVG that draws the
 * street network and the places under the demo's results, with a legend
 * and a scale bar. No tile server, script or font is fetched.
 *
 * @module
 */

import type {
  FeatureCollection,
  LineString,
  MultiPolygon,
  Point,
  Polygon,
} from "geojson";
import {
  EARTH_RADIUS_METERS,
  type StreetMap,
  type StreetMapBox,
  type StreetMapPlace,
  type StreetMapRoad,
} from "@ls/sandbox";

type Fc = FeatureCollection;
type Geometry = Point | LineString | Polygon | MultiPolygon;

/** The most roads the map asks for: enough for every street, not a huge file. */
export const MAX_ROADS = 20_000;

/** The map's size in pixels: fits a 1200×800 window under the page's heading. */
export const MAP_WIDTH = 1160;
/** The map's height in pixels. */
export const MAP_HEIGHT = 690;

/** How a map turns positions into pixels. */
export interface MapView {
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** What the map shows, edge to edge. */
  box: StreetMapBox;
  /** Pixels per degree of latitude. */
  scale: number;
  /** Metres per pixel at the map's middle latitude, in every direction. */
  metresPerPixel: number;
  /** Decimals that make a pixel coordinate about as precise as 5 decimals of a degree. */
  decimals: number;
  /** Pixel position of `[lng, lat]`. */
  project(position: readonly number[]): [number, number];
}

/** Every position of the layers' geometries, as `[lng, lat]`. */
function positions(layers: Record<string, Fc>): number[][] {
  const out: number[][] = [];
  for (const fc of Object.values(layers)) {
    for (const f of fc.features) {
      const g = f.geometry as Geometry | null;
      if (!g) continue;
      if (g.type === "Point") out.push(g.coordinates);
      else if (g.type === "LineString") out.push(...g.coordinates);
      else if (g.type === "Polygon") out.push(...g.coordinates.flat());
      else if (g.type === "MultiPolygon") out.push(...g.coordinates.flat(2));
    }
  }
  return out;
}

/**
 * The view of a `width`×`height` map that shows every result, with `margin`
 * (a fraction of the larger side) around them, widened or heightened to
 * fill the map. An equirectangular projection at the middle latitude: true
 * to scale there in every direction.
 */
export function mapView(
  layers: Record<string, Fc>,
  width = MAP_WIDTH,
  height = MAP_HEIGHT,
  margin = 0.05,
): MapView {
  const all = positions(layers);
  if (all.length === 0) throw new Error("There is nothing to draw on the map");
  let [west, east, south, north] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [lng, lat] of all) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const midLat = (south + north) / 2;
  const kx = Math.cos(midLat * Math.PI / 180);
  // Spans in degrees of latitude, so that both axes have the same unit; a
  // single point still gets a map about 2 km across.
  let spanX = Math.max((east - west) * kx, 0.02);
  let spanY = Math.max(north - south, 0.02);
  const pad = Math.max(spanX, spanY) * margin;
  spanX += 2 * pad;
  spanY += 2 * pad;
  if (spanX / spanY < width / height) spanX = spanY * width / height;
  else spanY = spanX * height / width;
  const midLng = (west + east) / 2;
  const box: StreetMapBox = {
    west: midLng - spanX / kx / 2,
    east: midLng + spanX / kx / 2,
    south: midLat - spanY / 2,
    north: midLat + spanY / 2,
  };
  const scale = width / spanX;
  return {
    width,
    height,
    box,
    scale,
    metresPerPixel: EARTH_RADIUS_METERS * Math.PI / 180 / scale,
    decimals: Math.max(0, Math.round(-Math.log10(1e-5 * scale))),
    project: ([lng, lat]) => [
      (lng - box.west) * kx * scale,
      (box.north - lat) * scale,
    ],
  };
}

/** A number with at most `decimals` decimals, without trailing zeros. */
function num(value: number, decimals: number): string {
  let s = value.toFixed(decimals);
  if (decimals > 0) s = s.replace(/\.?0+$/, "");
  return s === "-0" ? "0" : s;
}

/**
 * SVG path data for lines of `[lat, lng]` points: absolute first points,
 * then relative steps, each rounded about as precisely as 5 decimals of a
 * degree.
 * Points that round onto the previous one are dropped, and so are lines
 * that shrink to a point.
 */
export function linesPath(
  lines: Iterable<readonly [number, number][]>,
  view: MapView,
): string {
  const f = 10 ** view.decimals;
  const out: string[] = [];
  for (const points of lines) {
    let steps = "";
    let x0 = 0, y0 = 0;
    for (let i = 0; i < points.length; i++) {
      const [px, py] = view.project([points[i][1], points[i][0]]);
      const x = Math.round(px * f), y = Math.round(py * f);
      if (i === 0) {
        steps = `M${num(x / f, view.decimals)} ${num(y / f, view.decimals)}l`;
      } else if (x !== x0 || y !== y0) {
        const dx = num((x - x0) / f, view.decimals);
        const dy = num((y - y0) / f, view.decimals);
        steps += `${steps.endsWith("l") || dx.startsWith("-") ? "" : " "}${dx}${
          dy.startsWith("-") ? "" : " "
        }${dy}`;
      }
      x0 = x;
      y0 = y;
    }
    if (!steps.endsWith("l")) out.push(steps);
  }
  return out.join("");
}

/** How each road class is drawn, narrowest first (the widest on top). */
export const ROAD_STYLES: Readonly<
  Record<
    StreetMapRoad["roadClass"],
    { color: string; width: number; casing?: string }
  >
> = {
  local: { color: "#d9d3c7", width: 0.5 },
  arterial: { color: "#ffffff", width: 1.1, casing: "#c4bdb0" },
  primary: { color: "#fcd6a4", width: 1.4, casing: "#d0a56a" },
  trunk: { color: "#f9b29c", width: 1.6 },
  motorway: { color: "#e892a2", width: 2.8, casing: "#b8405e" },
};

/** The road network as SVG: casings under fills, wider classes on top. */
export function roadsSvg(
  roads: readonly StreetMapRoad[],
  view: MapView,
): string {
  const classes = Object.keys(ROAD_STYLES) as StreetMapRoad["roadClass"][];
  const paths = new Map(
    classes.map((c) => [
      c,
      linesPath(
        roads.filter((r) => r.roadClass === c).map((r) => r.points),
        view,
      ),
    ]),
  );
  const parts: string[] = [];
  for (const c of classes) {
    const { casing, width } = ROAD_STYLES[c];
    if (casing && paths.get(c)) {
      parts.push(
        `<path class="casing ${c}" d="${
          paths.get(c)
        }" stroke="${casing}" stroke-width="${width + 1.4}"/>`,
      );
    }
  }
  for (const c of classes) {
    const { color, width } = ROAD_STYLES[c];
    if (paths.get(c)) {
      parts.push(
        `<path class="road ${c}" d="${
          paths.get(c)
        }" stroke="${color}" stroke-width="${width}"/>`,
      );
    }
  }
  return parts.length === 0
    ? ""
    : `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${
      parts.join("\n")
    }</g>`;
}

/** A place name placed on the map. */
export interface PlaceLabel {
  /** The place. */
  place: StreetMapPlace;
  /** Pixel position of its middle. */
  x: number;
  /** Pixel position of its middle. */
  y: number;
  /** Font size in pixels: larger for larger places. */
  size: number;
}

/** A pixel rectangle: left, top, right, bottom. */
export type Rect = [number, number, number, number];

const overlaps = (a: Rect, b: Rect): boolean =>
  a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * The place names to draw: largest places first, each where it does not
 * overlap a name already placed nor a rectangle of `occupied`, at most one
 * name per 25,000 square pixels, and none for a place too small for the
 * map's scale (under 50 inhabitants per metre per pixel: 5,000 on a map of
 * 100 m per pixel).
 */
export function placeLabels(
  places: readonly StreetMapPlace[],
  view: MapView,
  occupied: readonly Rect[] = [],
): PlaceLabel[] {
  const max = Math.floor(view.width * view.height / 25_000);
  const minPopulation = 50 * view.metresPerPixel;
  const taken: Rect[] = [...occupied];
  const out: PlaceLabel[] = [];
  const sorted = [...places].sort((a, b) => b.population - a.population);
  for (const place of sorted) {
    if (out.length >= max || place.population < minPopulation) break;
    const [x, y] = view.project([place.lng, place.lat]);
    const size = Math.round(
      Math.min(
        20,
        Math.max(10, 10 + 2.5 * Math.log10(place.population / 1000)),
      ),
    );
    // About 0.6 em a letter in a sans-serif face, and a little room around.
    const half = 0.3 * size * place.name.length + 3;
    const rect: Rect = [x - half, y - size / 2 - 2, x + half, y + size / 2 + 2];
    if (
      rect[0] < 0 || rect[1] < 0 || rect[2] > view.width ||
      rect[3] > view.height || taken.some((r) => overlaps(r, rect))
    ) continue;
    taken.push(rect);
    out.push({ place, x, y, size });
  }
  return out;
}

/** A scale bar: a round length and how many pixels it spans. */
export interface ScaleBar {
  /** Its length in metres: 1, 2 or 5 times a power of ten. */
  metres: number;
  /** Its length in pixels. */
  pixels: number;
  /** `500 m`, `2 km`. */
  label: string;
}

/** The longest round length that fits in `maxPixels` at `metresPerPixel`. */
export function scaleBar(metresPerPixel: number, maxPixels = 150): ScaleBar {
  const most = metresPerPixel * maxPixels;
  const power = 10 ** Math.floor(Math.log10(most));
  const metres = [5, 2, 1].map((k) => k * power).find((m) => m <= most)!;
  return {
    metres,
    pixels: metres / metresPerPixel,
    label: metres >= 1000 ? `${metres / 1000} km` : `${metres} m`,
  };
}

const TOUR_COLORS = ["#2ca02c", "#17becf", "#8c564b", "#bcbd22"];

const LEGEND = [
  ["#1f4fd6", "car route"],
  ["#e69500", "isolines (10 and 20 min)"],
  ["#2ca02c", "tours (dashed) and stops"],
  ["#9467bd", "matrix origins"],
  ["#d62728", "geocode and discover results"],
  ["#0f766e", "EV route and charging stop"],
  ["#2a9d8f", "EV range, 6 and 12 kWh"],
] as const;

/** The results, in the order they are drawn (later on top). */
function resultsSvg(layers: Record<string, Fc>, view: MapView): string[] {
  const xy = (p: readonly number[]) =>
    view.project(p).map((v) => v.toFixed(1)).join(",");
  const path = (ring: readonly number[][]) => "M" + ring.map(xy).join("L");
  const parts: string[] = [];

  // Isolines: the consumption ones (kWh, dashed) under the time ones (s).
  const isolines = [
    [
      layers.evIsolines,
      "#2a9d8f",
      "#2a9d8f",
      0.1,
      ' stroke-dasharray="4 3"',
      1000,
      "kWh",
    ],
    [layers.isolines, "#ffbf00", "#e69500", 0.18, "", 1, "s"],
  ] as const;
  for (const [layer, fill, color, opacity, dash, per, unit] of isolines) {
    for (const f of layer?.features ?? []) {
      const g = f.geometry as Polygon | MultiPolygon;
      const polys = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
      const range = (f.properties as { range?: { value?: number } })?.range
        ?.value;
      for (const rings of polys) {
        parts.push(
          `<path d="${
            rings.map((r) => path(r) + "Z").join("")
          }" fill="${fill}" fill-opacity="${opacity}" stroke="${color}" stroke-width="1.5"${dash} fill-rule="evenodd"><title>${
            unit === "kWh" ? "consumption isoline" : "isoline"
          } ${(range ?? 0) / per} ${unit}</title></path>`,
        );
      }
    }
  }
  let tourIndex = 0;
  for (const f of layers.tours?.features ?? []) {
    if (f.geometry.type === "LineString") {
      const c = TOUR_COLORS[tourIndex++ % TOUR_COLORS.length];
      parts.push(
        `<path d="${
          path(f.geometry.coordinates)
        }" fill="none" stroke="${c}" stroke-width="2.5" stroke-dasharray="7 4"><title>tour</title></path>`,
      );
    }
  }
  for (const f of layers.route?.features ?? []) {
    const g = f.geometry as LineString;
    parts.push(
      `<path d="${
        path(g.coordinates)
      }" fill="none" stroke="#1f4fd6" stroke-width="4" stroke-linejoin="round"><title>car route</title></path>`,
    );
  }
  for (const f of layers.evRoute?.features ?? []) {
    const g = f.geometry as LineString;
    const p = f.properties as Record<string, number | undefined>;
    parts.push(
      `<path d="${
        path(g.coordinates)
      }" fill="none" stroke="#0f766e" stroke-width="4" stroke-linejoin="round"><title>electric car, ${
        p.arrivalCharge ?? "?"
      } kWh on arrival</title></path>`,
    );
    if (p.chargingTime !== undefined) {
      const [x, y] = xy(g.coordinates.at(-1)!).split(",");
      parts.push(
        `<circle cx="${x}" cy="${y}" r="7" fill="#facc15" stroke="#0f766e" stroke-width="2"><title>charging stop: ${p.arrivalCharge} → ${p.targetCharge} kWh in ${
          Math.round(p.chargingTime / 60)
        } min</title></circle>`,
      );
    }
  }
  for (const f of layers.tours?.features ?? []) {
    if (f.geometry.type === "Point") {
      const [x, y] = xy(f.geometry.coordinates).split(",");
      parts.push(
        `<circle cx="${x}" cy="${y}" r="4" fill="#2ca02c" stroke="#fff"><title>tour stop</title></circle>`,
      );
    }
  }
  for (const f of layers.matrixOrigins?.features ?? []) {
    const [x, y] = xy((f.geometry as Point).coordinates).split(",");
    parts.push(
      `<rect x="${Number(x) - 5}" y="${
        Number(y) - 5
      }" width="10" height="10" fill="#9467bd" stroke="#fff"><title>matrix origin ${f.id}</title></rect>`,
    );
  }
  for (
    const f of [
      ...(layers.geocode?.features ?? []),
      ...(layers.discover?.features ?? []),
    ]
  ) {
    const [x, y] = xy((f.geometry as Point).coordinates).split(",");
    const title = String((f.properties as { title?: string })?.title ?? "");
    parts.push(
      `<circle cx="${x}" cy="${y}" r="5" fill="#d62728" stroke="#fff"><title>${
        escapeXml(title)
      }</title></circle>`,
    );
  }
  return parts;
}

/**
 * The page: `base` (roads and places) under the results of `layers`, as
 * `view` frames them, with a legend, a scale bar and `credit` (where the
 * streets and places come from) in the corners.
 */
export function renderMap(
  layers: Record<string, Fc>,
  where: string,
  view: MapView,
  base: StreetMap,
  credit: string,
): string {
  const { width: W, height: H } = view;
  const legendRect: Rect = [W - 262, 12, W - 12, 12 + LEGEND.length * 22 + 12];
  const bar = scaleBar(view.metresPerPixel);
  const barRect: Rect = [12, H - 46, 12 + bar.pixels + 28, H - 12];
  // What the base map shows, in the bottom right corner: about 6 pixels a
  // letter at 11 pixels.
  const creditRect: Rect = [
    W - 12 - 6 * credit.length - 12,
    H - 30,
    W - 12,
    H - 12,
  ];
  const labels = placeLabels(base.places, view, [
    legendRect,
    barRect,
    creditRect,
  ]).map((
    l,
  ) =>
    `<text x="${l.x.toFixed(1)}" y="${
      l.y.toFixed(1)
    }" style="font-size:${l.size}px${
      l.place.population >= 100_000 ? ";font-weight:600" : ""
    }"><title>${escapeXml(l.place.name)}, ${
      l.place.population.toLocaleString("en-US")
    } inhabitants</title>${escapeXml(l.place.name)}</text>`
  );
  const legend = LEGEND.map(([c, t], i) =>
    `<g transform="translate(${W - 250},${
      24 + i * 22
    })"><rect width="14" height="14" fill="${c}"/><text x="22" y="12">${t}</text></g>`
  ).join("");
  const bx = barRect[0] + 14, by = H - 22;
  const scale = `<g class="scale"><rect x="${barRect[0]}" y="${
    barRect[1]
  }" width="${barRect[2] - barRect[0]}" height="${
    barRect[3] - barRect[1]
  }" fill="#fff" fill-opacity="0.85" stroke="#ccd"/><path d="M${bx} ${
    by - 6
  }v6h${
    bar.pixels.toFixed(1)
  }v-6" fill="none" stroke="#222" stroke-width="1.5"/><text x="${
    (bx + bar.pixels / 2).toFixed(1)
  }" y="${by - 9}" text-anchor="middle">${bar.label}</text></g>`;

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>HERE Location Services demo</title>
<style>body{font-family:system-ui,sans-serif;margin:16px;color:#222}svg{background:#f2efe9;border:1px solid #ccd;display:block}text{font-size:13px}.places text{fill:#333;stroke:#fff;stroke-width:3px;stroke-linejoin:round;paint-order:stroke;text-anchor:middle;dominant-baseline:central}</style>
</head><body>
<h1 style="font-size:18px;margin:0 0 8px">HERE Location Services for TypeScript: demo</h1>
<p style="margin:0 0 8px;font-size:13px">Results from ${
    escapeXml(where)
  }. Every shape in colour came back from an <code>LS</code> call.</p>
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
${roadsSvg(base.roads, view)}
<g class="places">${labels.join("")}</g>
${resultsSvg(layers, view).join("\n")}
<rect x="${legendRect[0]}" y="${legendRect[1]}" width="${
    legendRect[2] - legendRect[0]
  }" height="${
    legendRect[3] - legendRect[1]
  }" fill="#fff" fill-opacity="0.85" stroke="#ccd"/>
${legend}
${scale}
<g class="credit"><rect x="${creditRect[0]}" y="${creditRect[1]}" width="${
    creditRect[2] - creditRect[0]
  }" height="${
    creditRect[3] - creditRect[1]
  }" fill="#fff" fill-opacity="0.7"/><text x="${W - 18}" y="${
    H - 17
  }" text-anchor="end" style="font-size:11px;fill:#555">${
    escapeXml(credit)
  }</text></g>
</svg></body></html>
`;
}

function escapeXml(s: string): string {
  return s.replace(
    /[<>&"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!,
  );
}
