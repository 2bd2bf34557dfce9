// The isoline options HERE groups under one prefix, checked and written as
// deep-object keys: `shape[maxResolution]`, `exclude[…]`, `allow[…]`,
// `traffic[…]`, `taxi[…]`, and the flat `billingTag`.

import * as z from "zod/mini";
import { type Query, type TaxiOptions, ValueError } from "@ls/core";
import {
  appendTaxi,
  formatAvoidAreas,
  formatBoolean,
  formatCountryList,
  formatInteger,
  isRecord,
  lazy,
  nonEmptyString,
  nonNegativeInteger,
  parseWith,
  stringMatching,
} from "@ls/core/internal";
import { IsolineTrafficMode } from "./isoline_options.ts";

const excludeSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    countries: z.optional(z.array(z.string(), { error: "must be an array" })),
    states: z.optional(z.unknown()),
    areas: z.optional(z.array(z.unknown(), { error: "must be an array" })),
  })
);

const allowSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    hov: z.optional(z.boolean({ error: "must be a boolean" })),
    hot: z.optional(z.boolean({ error: "must be a boolean" })),
  })
);

const trafficSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    mode: z.optional(z.enum(Object.values(IsolineTrafficMode))),
    overrideFlowDuration: z.optional(nonNegativeInteger()),
  })
);

/** The options this file writes, as the builder passes them. */
export interface GroupedOptions {
  shapeMaxResolution?: unknown;
  exclude?: unknown;
  allow?: unknown;
  traffic?: unknown;
  taxi?: unknown;
  billingTag?: unknown;
}

const stateCodes = /* @__PURE__ */ lazy(() =>
  z.array(
    stringMatching(
      /^[A-Z0-9]{1,3}$/,
      'must be an ISO 3166-2 subdivision code such as "NY"',
    ),
    { error: "must be an array" },
  )
);

/** `{ USA: ["NY", "PA"], CAN: ["QC"] }` → `USA:NY,PA|CAN:QC`. */
function statesValue(states: unknown): string | undefined {
  if (states === undefined) return undefined;
  if (!isRecord(states)) {
    throw new ValueError(
      "exclude.states",
      'must be an object of state lists by country, such as { USA: ["NY"] }',
      states,
    );
  }
  const groups = Object.entries(states)
    .map(([country, codes]): [string, string[]] => [
      country,
      parseWith(stateCodes(), codes, `exclude.states.${country}`),
    ])
    .filter(([, codes]) => codes.length);
  if (groups.length === 0) return undefined;
  const countries = formatCountryList(
    groups.map(([country]) => country),
    "exclude.states",
  )!.split(",");
  return groups.map(([, codes], i) => `${countries[i]}:${codes.join(",")}`)
    .join("%7C");
}

/** Writes `exclude[countries]`, `exclude[states]` and `exclude[areas]`. */
function setExclude(query: Query, exclude: unknown): void {
  if (exclude === undefined) return;
  const e = parseWith(excludeSchema(), exclude, "exclude");
  query.setStructured(
    "exclude[countries]",
    formatCountryList(e.countries, "exclude.countries"),
  );
  query.setStructured("exclude[states]", statesValue(e.states));
  query.setStructured(
    "exclude[areas]",
    formatAvoidAreas(e.areas, "exclude.areas"),
  );
}

/**
 * Writes the grouped options in HERE's order after `avoid[…]`; each key is
 * sent only when given.
 */
export function setGroupedOptions(
  query: Query,
  params: GroupedOptions,
  transportMode: string,
): void {
  if (params.shapeMaxResolution !== undefined) {
    query.setStructured(
      "shape[maxResolution]",
      formatInteger(
        parseWith(
          nonNegativeInteger(),
          params.shapeMaxResolution,
          "shapeMaxResolution",
        ),
      ),
    );
  }
  setExclude(query, params.exclude);
  if (params.allow !== undefined) {
    const { hov, hot } = parseWith(allowSchema(), params.allow, "allow");
    if (hov !== undefined) {
      query.setStructured("allow[hov]", formatBoolean(hov));
    }
    if (hot !== undefined) {
      query.setStructured("allow[hot]", formatBoolean(hot));
    }
  }
  if (params.traffic !== undefined) {
    const t = parseWith(trafficSchema(), params.traffic, "traffic");
    query.set("traffic[mode]", t.mode);
    if (t.overrideFlowDuration !== undefined) {
      query.setStructured(
        "traffic[overrideFlowDuration]",
        formatInteger(t.overrideFlowDuration),
      );
    }
  }
  setTaxi(query, params.taxi, transportMode);
  if (params.billingTag !== undefined) {
    query.set(
      "billingTag",
      parseWith(nonEmptyString(), params.billingTag, "billingTag"),
    );
  }
}

function setTaxi(query: Query, taxi: unknown, transportMode: string): void {
  if (taxi === undefined) return;
  if (transportMode !== "taxi") {
    throw new ValueError(
      "taxi",
      `requires transportMode "taxi", got "${transportMode}"`,
      taxi,
    );
  }
  appendTaxi(query, taxi as TaxiOptions);
}
