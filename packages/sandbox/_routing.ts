// Routing v8: `GET /v8/routes` over the travel model. Every waypoint must
// match the road network and all must share one land mass; alternatives
// bend the longest leg sideways. EV routes add charges and consumption,
// and with `ev[makeReachable]=true` charging stops where the charge would
// run short.

import { type Ctx, json } from "./_http.ts";
import { type City, loadGazetteer } from "./_gazetteer.ts";
import { connected, matchPoint } from "./_network.ts";
import { buildGeometry } from "./_route_geometry.ts";
import {
  BENDS,
  planSections,
  type SectionPlan,
  timing,
} from "./_route_plan.ts";
import {
  checkExclude,
  parseRouteRequest,
  ROUTE_PARAMETER_PREFIXES,
  ROUTE_PARAMETERS,
} from "./_route_request.ts";
import { buildSection, roadName } from "./_route_section.ts";
import { evaluateRoute, planChargingStops } from "./_route_ev.ts";
import { unknownParameterNotices } from "./_routing_params.ts";
import { hashUuid, toBase64Url } from "./_util.ts";
import { detourFactor } from "./travel_model.ts";

/** `GET /v8/routes`. */
export async function routes(ctx: Ctx): Promise<Response> {
  const req = parseRouteRequest(ctx.params);
  const g = await loadGazetteer();
  checkExclude(ctx.params, g);
  const notices = unknownParameterNotices(
    ctx.params,
    ROUTE_PARAMETERS,
    ROUTE_PARAMETER_PREFIXES,
  );
  const fail = (code: string, title: string) =>
    json({
      routes: [],
      notices: [...notices, { title, code, severity: "critical" }],
    });

  const matched: City[] = [];
  for (let i = 0; i < req.waypoints.length; i++) {
    const city = matchPoint(g, req.waypoints[i]);
    if (!city) {
      const last = req.waypoints.length - 1;
      const which = i === 0
        ? "Origin"
        : i === last
        ? "Destination"
        : `Via ${i - 1}`;
      return fail(
        i === 0
          ? "couldNotMatchOrigin"
          : i === last
          ? "couldNotMatchDestination"
          : "couldNotMatchVia",
        `${which} could not be matched to the road network`,
      );
    }
    matched.push(city);
  }
  if (!connected(g, matched)) {
    return fail(
      "noRouteFound",
      "Route calculation failed: no road connects the waypoints",
    );
  }

  const seed = ctx.params.entries.filter((e) => e.key !== "apiKey").map((e) =>
    `${e.key}=${e.raw}`
  ).join("&");
  const now = ctx.state.now().getTime();
  // Charging stops become waypoints of their own (sections end at them).
  let planned = req;
  if (req.ev) {
    const stops = planChargingStops(req, req.ev, g);
    if ("fail" in stops) return fail(stops.fail.code, stops.fail.title);
    planned = stops.req;
  }
  const plans: SectionPlan[][] = [];
  const main = planSections(planned, 0, g)!;
  plans.push(main);
  for (let k = 0; k < BENDS.length && plans.length <= req.alternatives; k++) {
    const alt = planSections(planned, BENDS[k], g);
    if (alt) plans.push(alt);
  }
  const out = plans.map((sections, k) => {
    const routeSeed = `${seed}#${k}`;
    const ev = req.ev ? evaluateRoute(planned, sections, req.ev) : undefined;
    const tm = timing(planned, sections, now);
    const route: Record<string, unknown> = {
      id: hashUuid(routeSeed),
      sections: sections.map((s, i) =>
        buildSection(planned, s, i, routeSeed, tm.departures[i], tm, g, ev?.[i])
      ),
    };
    if (req.returns.has("routeHandle")) {
      route.routeHandle = toBase64Url(`sbx1:${routeSeed}`);
    }
    if (req.returns.has("routeLabels")) {
      const longest = sections[0];
      const geometry = buildGeometry(
        longest.path,
        detourFactor(planned.options),
        longest.clearance,
      );
      const road = geometry.roads.slice().sort((a, b) =>
        b.length - a.length
      )[0];
      route.routeLabels = road
        ? [{
          name: { value: roadName(road, g).name, language: "en" },
          labelType: "Name",
        }]
        : [];
    }
    return route;
  });
  return json(notices.length ? { routes: out, notices } : { routes: out });
}
