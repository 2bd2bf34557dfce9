// `avoid[areas]` of routing: bounding boxes, polygons and corridors, the
// latter two avoided by their bounding boxes.

import { decodePolylineFlat } from "@ls/core";
import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";
import { decodeComponent } from "./_query.ts";
import type { AvoidBox } from "./plan_path.ts";

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/**
 * Parses `avoid[areas]` (or `key`, such as `exclude[areas]`): `bbox:`, `polygon:` and `corridor:` areas separated
 * by `|` (`%7C`), each optionally followed by `!exception=...`. Polygons and
 * corridors are avoided by their bounding boxes.
 */
export function parseAvoidAreas(
  params: Params,
  key = "avoid[areas]",
): AvoidBox[] {
  const raw = params.raw(key);
  if (raw === undefined) return [];
  const areas = raw.split(/%7C|\|/i);
  if (areas.length > 250) {
    throw malformed(
      "E605054",
      `${key} has ${areas.length} areas; at most 250 are allowed`,
    );
  }
  const boxes: AvoidBox[] = [];
  let shapes = 0;
  for (const area of areas) {
    const decoded = decodeComponent(area) ?? area;
    const main = decoded.split("!")[0];
    const bad = (why: string) =>
      malformed(
        "E605001",
        `Invalid value for parameter '${key}': ${why} (got '${main}')`,
      );
    const m = /^(bbox|polygon|corridor):(.+)$/.exec(main);
    if (!m) throw bad("expected bbox:, polygon: or corridor:");
    if (m[1] === "bbox") {
      const nums = m[2].split(",");
      if (nums.length !== 4 || nums.some((n) => !NUMBER.test(n))) {
        throw bad("expected bbox:west,south,east,north");
      }
      const [west, south, east, north] = nums.map(Number);
      if (
        south > north || south < -90 || north > 90 || west < -180 || east > 180
      ) {
        throw bad("the box is out of range or south is above north");
      }
      boxes.push({ west, south, east, north });
      continue;
    }
    shapes++;
    let body = m[2];
    let radius = 0;
    if (m[1] === "corridor") {
      const r = /;r=(\d+)$/.exec(body);
      if (!r) throw bad("a corridor needs ;r=<metres>");
      radius = Number(r[1]);
      body = body.slice(0, r.index);
    }
    const points: [number, number][] = [];
    if (/^-?\d/.test(body)) {
      for (const pair of body.split(";")) {
        const [a, b] = pair.split(",");
        if (!NUMBER.test(a ?? "") || !NUMBER.test(b ?? "")) {
          throw bad("expected lat,lng;lat,lng;...");
        }
        points.push([Number(a), Number(b)]);
      }
    } else {
      try {
        const flat = decodePolylineFlat(body);
        const stride = flat.thirdDim === 0 ? 2 : 3;
        for (let i = 0; i < flat.coordinates.length; i += stride) {
          points.push([flat.coordinates[i], flat.coordinates[i + 1]]);
        }
      } catch {
        throw bad("not a flexible polyline");
      }
    }
    const min = m[1] === "polygon" ? 3 : 2;
    if (points.length < min) {
      throw malformed(
        "E605056",
        `A ${m[1]} in ${key} needs at least ${min} points`,
      );
    }
    if (points.length > 100) {
      throw malformed(
        "E605057",
        `A ${
          m[1]
        } in ${key} has ${points.length} points; at most 100 are allowed`,
      );
    }
    const lats = points.map((p) => p[0]), lngs = points.map((p) => p[1]);
    const dLat = radius / 111_320;
    const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
    const dLng = radius /
      (111_320 * Math.max(0.05, Math.cos(midLat * Math.PI / 180)));
    boxes.push({
      west: Math.min(...lngs) - dLng,
      south: Math.min(...lats) - dLat,
      east: Math.max(...lngs) + dLng,
      north: Math.max(...lats) + dLat,
    });
  }
  if (shapes > 20) {
    throw malformed(
      "E605055",
      `${key} has ${shapes} polygons and corridors; at most 20 are allowed`,
    );
  }
  return boxes;
}
