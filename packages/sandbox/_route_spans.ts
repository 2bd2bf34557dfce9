// The spans of a route section: one per road of the drawn geometry, with
// the attributes `spans=` asked for (names, lengths, durations, countries,
// functional classes, speed limits, ...).

import type { Gazetteer } from "./_gazetteer.ts";
import type { RoadName } from "./_route_actions.ts";
import type { Road } from "./_route_geometry.ts";
import { hash32, round } from "./_util.ts";

/** HERE's functional class of a road, 1 (motorway) to 5, from its length. */
function functionalClass(road: Road): number {
  return road.length > 20_000
    ? 1
    : road.length > 8_000
    ? 2
    : road.length > 2_000
    ? 3
    : road.length > 600
    ? 4
    : 5;
}

/** Speed limit in m/s by functional class. */
const SPEED_LIMITS = [0, 33.33, 27.78, 19.44, 13.89, 8.33];

/**
 * The spans of a section whose geometry has `roads`, each with its name and
 * its share of the section's length and duration; `attributes` are the
 * requested `spans=` values.
 */
export function sectionSpans(
  roads: readonly Road[],
  names: readonly RoadName[],
  lengths: readonly number[],
  durations: readonly number[],
  attributes: ReadonlySet<string>,
  g: Gazetteer,
): Record<string, unknown>[] {
  return roads.map((road, i) => {
    const span: Record<string, unknown> = { offset: road.from };
    const fc = functionalClass(road);
    const limit = SPEED_LIMITS[fc];
    const city = attributes.has("countryCode") || attributes.has("stateCode")
      ? g.match(road.mid)?.city
      : undefined;
    for (const attr of attributes) {
      switch (attr) {
        case "names":
          span.names = [{ value: names[i].name, language: "en" }];
          break;
        case "routeNumbers":
          if (names[i].number) {
            span.routeNumbers = [{
              value: names[i].number,
              language: "en",
            }];
          }
          break;
        case "length":
          span.length = lengths[i];
          break;
        case "duration":
        case "baseDuration":
        case "typicalDuration":
          span[attr] = durations[i];
          break;
        case "countryCode":
          if (city) {
            span.countryCode = g.country(city.country)?.cca3 ?? city.country;
          }
          break;
        case "stateCode":
          if (city?.country === "US") span.stateCode = city.adminCode;
          break;
        case "functionalClass":
          span.functionalClass = fc;
          break;
        case "speedLimit":
        case "maxSpeed":
          span[attr] = limit;
          break;
        case "dynamicSpeedInfo": {
          const speed = durations[i] > 0
            ? round(lengths[i] / durations[i], 2)
            : limit;
          span.dynamicSpeedInfo = {
            trafficSpeed: speed,
            baseSpeed: speed,
            turnTime: 0,
          };
          break;
        }
        case "streetAttributes":
          span.streetAttributes = fc <= 2
            ? [
              "rightDrivingSide",
              "dividedRoad",
              "controlledAccessHighway",
              "motorway",
            ]
            : ["rightDrivingSide", "builtUpArea"];
          break;
        case "carAttributes":
        case "truckAttributes":
        case "scooterAttributes":
        case "walkAttributes":
          span[attr] = ["open"];
          break;
        case "segmentId":
          span.segmentId = `here:cm:segment:${
            hash32("seg", road.mid.lat, road.mid.lng)
          }`;
          break;
        case "segmentRef":
          span.segmentRef = `$0:${
            hash32("seg", road.mid.lat, road.mid.lng)
          }#+0..1`;
          break;
        case "consumption":
          span.consumption = 0;
          break;
        default:
          break;
      }
    }
    return span;
  });
}
