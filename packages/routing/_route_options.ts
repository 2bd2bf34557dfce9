/**
 * The route options every mode takes beyond `avoid[features]` and
 * `avoid[areas]`: the other `avoid[…]` keys, `exclude[…]`, `allow[…]` and
 * `traffic[…]`, checked and written in a fixed order.
 *
 * @module
 */

import * as z from "zod/mini";
import { type Query, ValueError } from "@ls/core";
import {
  encodeContent,
  fixedArray,
  formatAvoidAreas,
  formatBoolean,
  formatCountryList,
  formatInteger,
  formatNumber,
  integer,
  isRecord,
  lazy,
  minLength,
  nonNegativeInteger,
  numberInRange,
  parseWith,
  stringMatching,
  TOLL_TRANSPONDERS,
} from "@ls/core/internal";
import type { RoutingParams } from "./params.ts";
import { TrafficMode, ZoneCategory } from "./route_options.ts";

/** A list of ids, at most 1000: no blank ones, none with the list syntax's `,` `;` `|`. */
const idList = /* @__PURE__ */ lazy(() =>
  z.optional(
    z.array(
      stringMatching(
        /^[^,;|]*[^\s,;|][^,;|]*$/,
        "must be a non-blank id without , ; or |",
      ),
      { error: "must be an array" },
    ).check(
      z.refine((v) => v.length <= 1000, {
        error: "must have at most 1000 items",
      }),
    ),
  )
);
const zoneCategories = /* @__PURE__ */ lazy(() =>
  z.optional(z.strictObject({
    categories: z.array(z.enum(Object.values(ZoneCategory)), {
      error: "must be an array",
    }).check(minLength(1, "must list at least one category")),
    exceptZoneIds: idList(),
  }))
);
const tollTransponders = /* @__PURE__ */ lazy(() =>
  z.optional(z.literal(TOLL_TRANSPONDERS.all))
);
const allowSchema = /* @__PURE__ */ lazy(() =>
  z.optional(z.strictObject({
    hov: z.optional(z.boolean()),
    hot: z.optional(z.boolean()),
  }))
);
const trafficSchema = /* @__PURE__ */ lazy(() =>
  z.optional(z.strictObject({
    mode: z.optional(z.enum(Object.values(TrafficMode))),
    overrideFlowDuration: z.optional(nonNegativeInteger()),
  }))
);
const excludeSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    countries: z.optional(z.array(z.unknown(), { error: "must be an array" })),
    states: z.optional(z.record(
      z.string(),
      z.array(
        stringMatching(/^[A-Z0-9]{1,3}$/, "must be a state code such as NV"),
        { error: "must be an array" },
      ).check(minLength(1, "must list at least one state")),
    )),
    areas: z.optional(z.array(z.unknown(), { error: "must be an array" })),
  })
);

/**
 * Adds `avoid[segments]`, `avoid[zoneCategories]`,
 * `avoid[zoneIdentifiers]`, `avoid[truckRoadTypes]`,
 * `avoid[tollTransponders]`, `exclude[countries]`, `exclude[states]`,
 * `exclude[areas]`, `allow[hov]`, `allow[hot]`, `traffic[mode]` and
 * `traffic[overrideFlowDuration]`, in that order, when given.
 *
 * @throws {ValueError} naming the parameter (and the item) that breaks a
 * rule
 */
export function appendRouteOptions(query: Query, params: RoutingParams): void {
  setIds(query, "avoid[segments]", params, "avoidSegments");
  const zones = parseWith(
    zoneCategories(),
    params.avoidZoneCategories,
    "avoidZoneCategories",
  );
  if (zones !== undefined) {
    const except = zones.exceptZoneIds?.length
      ? `;exceptZoneIds=${zones.exceptZoneIds.map(encodeURIComponent)}`
      : "";
    query.setStructured(
      "avoid[zoneCategories]",
      zones.categories.join(",") + except,
    );
  }
  setIds(query, "avoid[zoneIdentifiers]", params, "avoidZoneIdentifiers");
  setIds(query, "avoid[truckRoadTypes]", params, "avoidTruckRoadTypes");
  query.set(
    "avoid[tollTransponders]",
    parseWith(
      tollTransponders(),
      params.avoidTollTransponders,
      "avoidTollTransponders",
    ),
  );
  appendExclude(query, params.exclude);
  const allow = parseWith(allowSchema(), params.allow, "allow");
  if (allow?.hov !== undefined) {
    query.setStructured("allow[hov]", formatBoolean(allow.hov, "allow.hov"));
  }
  if (allow?.hot !== undefined) {
    query.setStructured("allow[hot]", formatBoolean(allow.hot, "allow.hot"));
  }
  appendSegmentSpeeds(query, params);
  setIds(query, "customizations", params, "customizations");
  query.set(
    "billingTag",
    parseWith(billingTag(), params.billingTag, "billingTag"),
  );
  const traffic = parseWith(trafficSchema(), params.traffic, "traffic");
  query.set("traffic[mode]", traffic?.mode);
  if (traffic?.overrideFlowDuration !== undefined) {
    query.setStructured(
      "traffic[overrideFlowDuration]",
      formatInteger(traffic.overrideFlowDuration),
    );
  }
}

/** Sets `key` to the id list given as `params[name]`, checked. */
function setIds(
  query: Query,
  key: string,
  params: RoutingParams,
  name:
    | "avoidSegments"
    | "avoidZoneIdentifiers"
    | "avoidTruckRoadTypes"
    | "customizations",
): void {
  query.set(key, parseWith(idList(), params[name], name));
}

/** `exclude`: a list of countries, or `{ countries?, states?, areas? }`. */
function appendExclude(query: Query, exclude: unknown): void {
  if (exclude === undefined || Array.isArray(exclude)) {
    query.setStructured(
      "exclude[countries]",
      formatCountryList(exclude as string[] | undefined, "exclude"),
    );
    return;
  }
  if (!isRecord(exclude)) {
    throw new ValueError(
      "exclude",
      "must be an array of country codes or { countries?, states?, areas? }",
      exclude,
    );
  }
  const { countries, states, areas } = parseWith(
    excludeSchema(),
    exclude,
    "exclude",
  );
  query.setStructured(
    "exclude[countries]",
    formatCountryList(countries as string[] | undefined, "exclude.countries"),
  );
  // The keys as given: the record schema drops an own "__proto__" key.
  for (const country of Object.keys(exclude.states ?? {})) {
    if (!/^[A-Z]{3}$/.test(country)) {
      throw new ValueError(
        `exclude.states.${country}`,
        "must be keyed by an upper-case ISO 3166-1 alpha-3 code",
        country,
      );
    }
  }
  if (states !== undefined && Object.keys(states).length > 0) {
    query.setStructured(
      "exclude[states]",
      Object.entries(states).map(([country, list]) =>
        `${country}:${list.join(",")}`
      ).join("%7C"),
    );
  }
  query.setStructured(
    "exclude[areas]",
    formatAvoidAreas(areas, "exclude.areas"),
  );
}

const billingTag = /* @__PURE__ */ lazy(() =>
  z.optional(stringMatching(/\S/, "must be a non-blank string"))
);
const segmentSpeeds = /* @__PURE__ */ lazy(() =>
  z.optional(
    z.array(
      z.strictObject({
        segment: stringMatching(
          /^[^,;|]*[^\s,;|][^,;|]*$/,
          "must be a non-blank segment reference without , ; or |",
        ),
        speed: numberInRange(1, Infinity, "must be at least 1 m/s"),
      }),
      { error: "must be an array" },
    ),
  )
);

/** `maxSpeedOnSegment`, with `avoidSegments` at most 1000 segments. */
function appendSegmentSpeeds(query: Query, params: RoutingParams): void {
  const speeds = parseWith(
    segmentSpeeds(),
    params.maxSpeedOnSegment,
    "maxSpeedOnSegment",
  );
  if (!speeds?.length) return;
  const avoided = params.avoidSegments?.length ?? 0;
  if (speeds.length + avoided > 1000) {
    throw new ValueError(
      "maxSpeedOnSegment",
      `must have at most ${1000 - avoided} items: with avoidSegments, ` +
        "HERE takes at most 1000 segments",
      speeds.length,
    );
  }
  query.setStructured(
    "maxSpeedOnSegment",
    speeds.map(({ segment, speed }) =>
      `${encodeContent(segment)};speed=${formatNumber(speed)}`
    ).join(","),
  );
}

const pedestrianSchema = /* @__PURE__ */ lazy(() =>
  z.optional(z.strictObject({
    speed: z.optional(numberInRange(0.5, 2, "must be 0.5 to 2 m/s")),
  }))
);

/**
 * Adds `pedestrian[speed]`.
 *
 * @throws {ValueError} naming `pedestrian.speed` for a speed outside 0.5 to
 * 2 m/s, or `pedestrian` for anything but `{ speed? }`
 */
export function appendPedestrian(query: Query, pedestrian: unknown): void {
  const options = parseWith(pedestrianSchema(), pedestrian, "pedestrian");
  if (options?.speed !== undefined) {
    query.setStructured("pedestrian[speed]", formatNumber(options.speed));
  }
}

const scheduleSchema = /* @__PURE__ */ lazy(() =>
  z.optional(z.strictObject({
    schedule: z.array(
      fixedArray(
        [integer(240), integer(0)],
        "must be a [driveSeconds, restSeconds] pair",
      ),
      { error: "must be an array" },
    ).check(minLength(1, "must have at least one pair")),
  }))
);

/**
 * Adds `driver[schedule]` (trucks and buses).
 *
 * @throws {ValueError} naming `driver` or its schedule for a malformed
 * schedule, or with `arrivalTime` or `ev`
 */
export function appendDriver(
  query: Query,
  params: { driver?: unknown; arrivalTime?: unknown; ev?: unknown },
): void {
  const driver = parseWith(scheduleSchema(), params.driver, "driver");
  if (driver === undefined) return;
  const other = params.arrivalTime !== undefined
    ? "arrivalTime"
    : params.ev !== undefined
    ? "ev"
    : undefined;
  if (other) {
    throw new ValueError(
      "driver",
      `not with ${other}: HERE plans rest stops forwards and without EV routing`,
      driver,
    );
  }
  query.setStructured("driver[schedule]", driver.schedule.flat().join(","));
}

const permittedNetworksSchema = /* @__PURE__ */ lazy(() => {
  /** A state or network name: letters, digits, `-` and `_`. */
  const networkName = stringMatching(
    /^[A-Za-z0-9_-]+$/,
    "must be a name of letters, digits, - or _",
  );
  return z.optional(
    z.array(
      z.strictObject({
        country: stringMatching(
          /^[A-Z]{3}$/,
          "must be an upper-case ISO 3166-1 alpha-3 code",
        ),
        states: z.optional(
          z.array(networkName, { error: "must be an array" }),
        ),
        networks: z.array(networkName, { error: "must be an array" }).check(
          minLength(1, "must list at least one network"),
        ),
      }),
      { error: "must be an array" },
    ).check(minLength(1, "must list at least one country's networks")),
  );
});

/**
 * Adds `networkRestrictedTruck[permittedNetworks]`, HERE's
 * `{country}:{state},…:{network},…` per entry (states empty for a
 * country's countrywide networks), entries separated by `|`.
 *
 * @throws {ValueError} naming `permittedNetworks` or its field for an
 * empty list, a country that is not upper-case alpha-3, or a malformed name
 */
export function appendPermittedNetworks(
  query: Query,
  permittedNetworks: unknown,
): void {
  const list = parseWith(
    permittedNetworksSchema(),
    permittedNetworks,
    "permittedNetworks",
  );
  if (list === undefined) return;
  query.setStructured(
    "networkRestrictedTruck[permittedNetworks]",
    list.map((n) =>
      `${n.country}:${(n.states ?? []).join(",")}:${n.networks.join(",")}`
    ).join("%7C"),
  );
}
