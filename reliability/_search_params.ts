// Generators for the Geocoding & Search v7 parameters beyond the area and
// the query: `with`, the `show…` map details, the address modes, paging,
// search along a route with its ranking, and the EV and fuel station
// filters. Some draws break HERE's rules on purpose (offset without limit,
// ranking without a route, mobilityMode without ranking): the client must
// refuse them with a ValueError before any request.

import { encodePolyline } from "@ls/core";
import { maybe, obj, type Random } from "./_random.ts";

const MAP_REFERENCES = [
  "adminIds",
  "cmVersion",
  "links",
  "microPointAddress",
  "pointAddress",
  "segments",
];
const NAV_ATTRIBUTES = ["access", "functionalClass", "physical", "speedLimits"];
const POLITICAL_VIEWS = ["RUS", "IND", "CHN", "ARG", "MAR"];

/** The map details geocode, revgeocode and lookup take. */
function mapDetails(
  r: Random,
  related: readonly string[],
): Record<string, unknown> {
  return {
    showMapReferences: maybe(r, 0.2, () => r.some(MAP_REFERENCES, 1, 3)),
    showNavAttributes: maybe(r, 0.2, () => r.some(NAV_ATTRIBUTES, 1, 2)),
    showRelated: maybe(r, 0.2, () => r.some(related, 1, 2)),
    politicalView: maybe(r, 0.1, () => r.pick(POLITICAL_VIEWS)),
  };
}

/** geocode's parameters beyond query, limit and lang. */
export function geocodeExtras(r: Random): Record<string, unknown> {
  return obj({
    ...mapDetails(r, ["intersections", "MPA", "parentPA"]),
    with: maybe(r, 0.15, () => ["MPA"]),
    addressNamesMode: maybe(r, 0.15, () => r.pick(["matched", "normalized"])),
    postalCodeMode: maybe(
      r,
      0.15,
      () => r.pick(["cityLookup", "districtLookup"]),
    ),
    showTranslations: maybe(
      r,
      0.15,
      () => r.some(["city", "county", "district", "state"], 1, 2),
    ),
  });
}

/**
 * revgeocode's parameters beyond the position, limit and lang: sometimes a
 * circle to look in (the caller drops the position for it, mostly), and a
 * bearing, in range or not.
 */
export function reverseGeocodeExtras(r: Random): Record<string, unknown> {
  return obj({
    searchInCircle: r.chance(0.15)
      ? r.pick([
        { center: [52.52, 13.405], radius: 500 },
        { lat: 52.52, lng: 13.405, radius: 1 },
        { center: [52.52, 13.405], radius: 0 },
        "circle:52.52,13.405;r=5",
      ])
      : undefined,
    bearing: maybe(r, 0.15, () => r.pick([0, 90, 359, 360, -1, 45.5])),
    ...mapDetails(r, ["intersections", "nearbyAddress", "parentPA"]),
    with: maybe(
      r,
      0.15,
      () => r.some(["estimatedAreaFallback", "MPA", "unnamedStreets"], 1, 2),
    ),
  });
}

/** lookup's parameters beyond the id and lang. */
export function lookupExtras(r: Random): Record<string, unknown> {
  return obj(mapDetails(r, ["intersections", "MPA", "parentPA"]));
}

/** A route to search along, in one of the forms the client takes. */
function searchRoute(r: Random): unknown {
  const points = Array.from({ length: r.int(2, 5) }, () =>
    [
      Number((52.52 + r.float(-0.1, 0.1)).toFixed(5)),
      Number((13.4 + r.float(-0.15, 0.15)).toFixed(5)),
    ] as [number, number]);
  const polyline = encodePolyline({ polyline: points });
  return [
    () => points,
    () => polyline,
    () => ({ polyline }),
    () => ({ sections: [{ polyline }] }),
    () => ({ routes: [{ sections: [{ polyline }] }] }),
  ][r.int(0, 4)]();
}

/**
 * Paging, the route and its ranking, and the station filters of discover,
 * browse and autosuggest. `route` replaces the area the caller drew (with
 * a small chance of keeping it, which the client must refuse).
 */
export function placeSearchExtras(
  r: Random,
  params: Record<string, unknown>,
  op: "discover" | "browse" | "autosuggest",
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  if (r.chance(0.25)) {
    if (r.chance(0.9)) {
      for (const key of ["center", "radius", "boundingBox", "at"]) {
        if (op !== "browse" || key !== "center") delete out[key];
      }
      for (const key of ["searchInCircle", "searchInBbox", "inCountry"]) {
        delete out[key];
      }
    }
    out.route = searchRoute(r);
    out.routeWidth = maybe(r, 0.5, () => r.int(1, 5_000));
    out.ranking = maybe(r, 0.3, () => "excursionDistance");
    if (op !== "browse") {
      out.mobilityMode = maybe(
        r,
        0.2,
        () => r.pick(["car", "motorbike", "truck"]),
      );
    }
  } else if (r.chance(0.05)) {
    out.ranking = "excursionDistance";
  }
  if (r.chance(0.2)) {
    out.offset = r.int(0, 50);
    if (r.chance(0.9)) out.limit ??= r.int(1, 20);
  }
  if (op !== "browse") {
    out.with = maybe(
      r,
      0.1,
      () =>
        op === "discover" ? ["recommendPlaces"] : r.some(["recommendPlaces"]),
    );
  } else {
    out.chains = maybe(r, 0.15, () => r.some(["1566", "7720", "22"], 1, 2));
  }
  if (op === "autosuggest") {
    out.showMapReferences = maybe(r, 0.1, () => r.some(MAP_REFERENCES, 1, 2));
  }
  out.evStation = maybe(r, 0.1, () =>
    obj({
      connectorTypeIds: maybe(r, 0.5, () => r.some(["29", "33", "34"], 1, 2)),
      minPower: maybe(r, 0.5, () => r.pick([11, 22, 50, 150])),
      current: maybe(r, 0.3, () => r.pick(["AC", "DC"])),
      supplierNames: maybe(r, 0.2, () => ["Ionity"]),
      paymentMethodIds: maybe(r, 0.2, () =>
        r.some(["creditCard", "operatorApp"], 1, 2)),
    }));
  out.fuelStation = maybe(r, 0.1, () =>
    obj({
      fuelTypes: maybe(r, 0.7, () =>
        r.some(["diesel", "e10", "lpg", "truck_diesel"], 1, 2)),
      minimumTruckClass: maybe(r, 0.3, () =>
        r.pick(["medium", "heavy"])),
    }));
  return obj(out);
}
