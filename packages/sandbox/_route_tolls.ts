// Tolls of Routing v8: `currency` and `tolls[...]` checked as HERE checks
// them, and a section's tolls: every long road (over 8 km, functional
// class 1 or 2) in a country that charges the transport mode is a toll
// road, priced per kilometre in the country's currency.

import { malformed } from "./_http.ts";
import type { Gazetteer } from "./_gazetteer.ts";
import type { Params } from "./_query.ts";
import type { LatLngLike } from "./geodesy.ts";
import { round } from "./_util.ts";

/** The parsed `currency` and `tolls[...]` of a route request. */
export interface TollRequest {
  currency?: string;
  summaries: string[];
  transponders: boolean;
  vignettes: boolean;
  minibus: boolean;
  /** Price factor of the emission class (trucks only). */
  emission: number;
}

/** Toll rates per km (car, truck) in a country's currency, and its system. */
const RATES: Readonly<
  Record<string, [currency: string, car: number, truck: number, system: string]>
> = {
  FRA: ["EUR", 0.09, 0.26, "Autoroutes"],
  ITA: ["EUR", 0.075, 0.18, "Autostrade per l'Italia"],
  ESP: ["EUR", 0.08, 0.2, "Autopistas"],
  PRT: ["EUR", 0.09, 0.22, "Brisa"],
  DEU: ["EUR", 0, 0.348, "Toll Collect"],
  AUT: ["EUR", 0, 0.45, "ASFINAG"],
  POL: ["PLN", 0.1, 0.5, "e-TOLL"],
  USA: ["USD", 0.06, 0.2, "E-ZPass"],
  JPN: ["JPY", 24.6, 40, "NEXCO"],
};

/** Euros per unit of each currency the sandbox converts. */
const EUROS: Readonly<Record<string, number>> = {
  EUR: 1,
  USD: 0.92,
  GBP: 1.17,
  CHF: 1.05,
  PLN: 0.23,
  CZK: 0.04,
  JPY: 0.0062,
  SEK: 0.088,
  NOK: 0.086,
  DKK: 0.134,
  HUF: 0.0025,
  CAD: 0.68,
  AUD: 0.61,
  CNY: 0.13,
  INR: 0.011,
};

const SUMMARIES = ["total", "tollSystem", "country"];

/** Parses and checks `currency` and `tolls[...]` (E605 errors). */
export function parseTolls(
  params: Params,
  mode: string,
  ev: boolean,
): TollRequest {
  const currency = params.get("currency");
  if (currency !== undefined && !(currency in EUROS)) {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'currency': '${currency}'`,
    );
  }
  const all = (key: string) => {
    const value = params.get(key);
    if (value !== undefined && value !== "all") {
      throw malformed(
        "E605001",
        `Invalid value for parameter '${key}': '${value}' (use 'all')`,
      );
    }
    return value === "all";
  };
  const summaries = params.get("tolls[summaries]")?.split(",") ?? [];
  for (const s of summaries) {
    if (!SUMMARIES.includes(s)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter 'tolls[summaries]': '${s}'`,
      );
    }
  }
  if (summaries.includes("total") && currency === undefined) {
    throw malformed(
      "E605013",
      "tolls[summaries]=total requires currency",
      "Add currency",
    );
  }
  const category = params.get("tolls[vehicleCategory]");
  if (category !== undefined && category !== "minibus") {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'tolls[vehicleCategory]': '${category}'`,
    );
  }
  if (category !== undefined && mode !== "car") {
    throw malformed(
      "E605010",
      `tolls[vehicleCategory] is not supported for transportMode '${mode}'`,
    );
  }
  return {
    currency,
    summaries,
    transponders: all("tolls[transponders]"),
    vignettes: all("tolls[vignettes]"),
    minibus: category === "minibus",
    emission: emissionFactor(params.get("tolls[emissionType]"), ev),
  };
}

/** The truck price factor of `tolls[emissionType]` (`euro6;co2class=2`). */
function emissionFactor(value: string | undefined, ev: boolean): number {
  if (value === undefined) return 1;
  const m = /^euro([1-6]|Eev)(?:;co2class=([1-5]))?$/.exec(value);
  if (!m) {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'tolls[emissionType]': '${value}'`,
    );
  }
  if (ev) {
    throw malformed(
      "E605030",
      "Invalid EV options: tolls[emissionType] is not supported with EV routing",
    );
  }
  const euro = m[1] === "Eev" ? 6 : Number(m[1]);
  const co2 = Number(m[2] ?? 1);
  return (euro >= 6 ? 0.9 : euro === 5 ? 1 : 1.15) * (1 - 0.05 * (co2 - 1));
}

/** A section's `tolls`, `tollSystems` and, with a currency, its total. */
export interface SectionTolls {
  tolls: Record<string, unknown>[];
  tollSystems: { name: string }[];
  total?: { type: "value"; currency: string; value: number };
}

/** The tolls on `roads` (their model lengths in `lengths`, metres). */
export function sectionTolls(
  t: TollRequest,
  mode: string,
  roads: readonly { length: number; mid: LatLngLike }[],
  lengths: readonly number[],
  g: Gazetteer,
): SectionTolls {
  const systems: string[] = [];
  const tolls: Record<string, unknown>[] = [];
  let euros = 0;
  roads.forEach((road, i) => {
    if (road.length <= 8_000) return;
    const city = g.match(road.mid)?.city;
    const cca3 = city ? g.country(city.country)?.cca3 : undefined;
    const rate = cca3 ? RATES[cca3] : undefined;
    if (!rate || mode === "pedestrian" || mode === "bicycle") return;
    const [currency, car, truck, system] = rate;
    let perKm = mode === "truck" ? truck * t.emission : car;
    if (t.minibus) perKm *= 1.5;
    if (t.transponders) perKm *= 0.95;
    if (perKm === 0) return;
    const value = round(perKm * lengths[i] / 1000, 2);
    if (!systems.includes(system)) systems.push(system);
    euros += value * EUROS[currency];
    const fare: Record<string, unknown> = {
      id: `${cca3}-${i}`,
      name: system,
      price: { type: "value", currency, value },
      reason: "toll",
      paymentMethods: t.transponders
        ? ["transponder"]
        : ["cash", "creditCard", "transponder"],
    };
    if (t.currency && t.currency !== currency) {
      fare.convertedPrice = {
        type: "value",
        currency: t.currency,
        value: round(value * EUROS[currency] / EUROS[t.currency], 2),
      };
    }
    tolls.push({
      countryCode: cca3,
      tollSystemRef: systems.indexOf(system),
      tollSystem: system,
      fares: [fare],
    });
  });
  const out: SectionTolls = {
    tolls,
    tollSystems: systems.map((name) => ({ name })),
  };
  if (t.currency && t.summaries.includes("total")) {
    out.total = {
      type: "value",
      currency: t.currency,
      value: round(euros / EUROS[t.currency], 2),
    };
  }
  return out;
}
