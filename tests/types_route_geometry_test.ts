/**
 * Type tests for the routing and isoline responses (issue 24, points 5 and
 * 9): the documented response shapes carry no index signature, so a
 * misspelled read fails `deno check` (each `@ts-expect-error` below must
 * meet an error, or the check fails), while the fields HERE adds stay in
 * the parsed objects, reachable through `raw` with a cast.
 */

import assert from "node:assert/strict";
import { IsolineResponse, type IsolineResponseBody } from "@ls/isoline";
import { RoutingResponse, type RoutingResponseBody } from "@ls/routing";

/** Never called: it only has to type-check (or fail to, where marked). */
function misspelledReads(res: RoutingResponse, iso: IsolineResponse): void {
  const route = res.routes[0];
  const section = route.sections[0];
  // @ts-expect-error: the body has `routes`
  void res.raw.route;
  // @ts-expect-error: the section has `summary`
  void section.raw.sumary;
  // @ts-expect-error: the duration is in `summary`, or `section.duration`
  void section.raw.duration;
  // @ts-expect-error: `summary.duration`
  void section.summary?.durations;
  // @ts-expect-error: a place's position is `place.location.lat`
  void section.departure.place.lat;
  // @ts-expect-error: a span has `names`
  void section.spans?.[0].name;
  // @ts-expect-error: a charging action has `targetCharge`
  void section.postActions[0].targetCharges;
  // @ts-expect-error: a section feature has `energyUsed`
  void res.toGeoJSON().features[0].properties.energyUse;
  // @ts-expect-error: a route line has `length`
  void res.toGeoJSONLines().features[0].properties.distance;
  // @ts-expect-error: the route total is `route.duration`
  void route.durations;
  // @ts-expect-error: the body has `isolines`
  void iso.raw.isoline;
  // @ts-expect-error: a range has one `value`
  void iso.isolines[0].range.values;
  // @ts-expect-error: the flat property is `rangeValue`
  void iso.toGeoJSON().features[0].properties.rangevalue;
  // @ts-expect-error: `departure.place.location`
  void iso.departure?.place.position;
}

Deno.test("misspelled response reads fail type-checking; HERE's extra fields stay in raw", () => {
  assert.equal(typeof misspelledReads, "function");
  // As a body arrives: parsed JSON, with fields this package does not name.
  const body: RoutingResponseBody = JSON.parse(JSON.stringify({
    routes: [{ id: "r0", sections: [], futureRouteField: 1 }],
    futureTopLevel: true,
  }));
  const routes = new RoutingResponse({ body });
  const extra = (value: object) => value as Record<string, unknown>;
  assert.equal(extra(routes.raw).futureTopLevel, true);
  assert.equal(extra(routes.routes[0].raw).futureRouteField, 1);
  const isolineBody: IsolineResponseBody = JSON.parse(JSON.stringify({
    isolines: [{ range: { type: "time", value: 300 }, polygons: [] }],
    futureTopLevel: "kept",
  }));
  const isolines = new IsolineResponse({ body: isolineBody });
  assert.equal(extra(isolines.raw).futureTopLevel, "kept");
  assert.equal(
    isolines.toGeoJSON().features[0].properties.rangeValue,
    300,
  );
});
