// Routing v8: `GET /v8/routes` over the street network. Every waypoint must
// match the road network and all must share one land mass; alternatives
// bend the longest leg sideways through a shape point, so they take other
// streets. EV routes add charges and consumption,
// and with `ev[makeReachable]=true` charging stops where the charge would
// run short, planned for each route on its own path (an alternative that
// cannot be made reachable is left out).

import { type Ctx, json } from "./_http.ts";
import { type City, loadGazetteer } from "./_gazetteer.ts";
import { connected, matchPoint } from "./_network.ts";
import { sectionGeometry } from "./_route_geometry.ts";
import { bendRoute, BENDS } from "./_route_alternatives.ts";
import { NoStreetRoute, timing } from "./_route_plan.ts";
import {
  checkExclude,
  parseRouteRequest,
  ROUTE_PARAMETER_PREFIXES,
  ROUTE_PARAMETERS,
} from "./_route_request.ts";
import { buildSection, roadName } from "./_route_section.ts";
import {
  evaluateRoute,
  planChargingStops,
  type PlannedRoute,
} from "./_route_ev.ts";
import { unknownParameterNotices } from "./_routing_params.ts";
import { hashUuid, toBase64Url } from "./_util.ts";

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

  const unmatched = (i: number) => {
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
  };
  const matched: City[] = [];
  for (let i = 0; i < req.waypoints.length; i++) {
    const city = matchPoint(g, req.waypoints[i]);
    if (!city) return unmatched(i);
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
  // The main route, then alternatives bent sideways. Charging stops become
  // waypoints of their own (sections end at them), planned on each route's
  // own path.
  const plans: PlannedRoute[] = [];
  for (const bend of [0, ...BENDS]) {
    if (plans.length > req.alternatives) break;
    const bent = bendRoute(req, bend, g); // the main route: req itself
    if (!bent) continue;
    let plan: ReturnType<typeof planChargingStops>;
    try {
      plan = planChargingStops(bent, req.ev);
    } catch (err) {
      if (!(err instanceof NoStreetRoute)) throw err;
      if (bend !== 0) continue; // an alternative the streets cannot give
      return err.kind === "unmatched" ? unmatched(err.waypoint) : fail(
        "noRouteFound",
        "Route calculation failed: no road connects the waypoints",
      );
    }
    if ("fail" in plan) {
      if (bend === 0) return fail(plan.fail.code, plan.fail.title);
      continue; // an alternative no stop can make reachable
    }
    plans.push(plan);
  }
  const out = plans.map(({ req: planned, sections }, k) => {
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
      const geometry = sectionGeometry(planned, longest);
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
