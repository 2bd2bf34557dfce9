import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import { Query } from "../params/query.ts";
import { appendEv, type AppendEvOptions } from "./ev.ts";
import {
  ConnectorType,
  type EvOptions,
  type PhysicalEvOptions,
} from "./ev_options.ts";
import { appendTruck } from "./vehicles.ts";

const CAR: AppendEvOptions = { transportMode: "car" };

/** The query appendEv() writes for `ev` on a car route. */
function evQuery(ev: unknown, options: AppendEvOptions = CAR): string {
  return appendEv(new Query(), ev as EvOptions, options).toString();
}

/** A minimal empirical model. */
const TABLE: EvOptions = { freeFlowSpeedTable: [[0, 0.239], [27, 0.239]] };

/** A minimal physical model. */
const PHYSICAL: PhysicalEvOptions = {
  consumptionModel: "physical",
  driveEfficiency: 0.9,
  recuperationEfficiency: 0.8,
  currentWeight: 2500,
  frontalArea: 2.36,
  rollingResistanceCoefficient: 0.0066,
  airDragCoefficient: 0.23,
};

/** Everything needed for charging stops, on top of a model. */
const REACHABLE = {
  initialCharge: 48,
  maxCharge: 80,
  maxChargeAfterChargingStation: 72,
  chargingCurve: [[0, 239], [32, 199], [56, 167], [72, 55], [80, 1]],
  connectorTypes: ["iec62196Type2Combo"],
  makeReachable: true,
} as const;

// ------------------------------------------------------------------ wire

Deno.test("appendEv(): the empirical model as HERE's guide writes it", () => {
  assert.equal(
    evQuery({
      freeFlowSpeedTable: [[0, 0.239], [27, 0.239], [45, 0.259], [60, 0.196]],
      trafficSpeedTable: [[0, 0.349], [27, 0.319]],
      ascent: 9,
      descent: 4.3,
      auxiliaryConsumption: 1.8,
    }),
    "consumptionModel=empirical" +
      "&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239,45,0.259,60,0.196" +
      "&ev%5BtrafficSpeedTable%5D=0,0.349,27,0.319" +
      "&ev%5Bascent%5D=9&ev%5Bdescent%5D=4.3&ev%5BauxiliaryConsumption%5D=1.8",
  );
});

Deno.test("appendEv(): every battery and charging option, in a fixed order", () => {
  assert.equal(
    evQuery({
      makeReachable: true,
      connectorTypes: [ConnectorType.iec62196Type2Combo, ConnectorType.chademo],
      maxPowerAtLowVoltage: 45,
      maxChargingCurrent: 300,
      maxChargingVoltage: 800,
      maxChargingDuration: 3600,
      chargingSetupDuration: 300,
      chargingCurve: [[0, 207], [28.761, 173], [80, 10]],
      maxChargeAfterChargingStation: 72,
      minChargeAtChargingStation: 8,
      minChargeAtFirstChargingStation: 4,
      minChargeAtDestination: 10,
      maxCharge: 80,
      initialCharge: 48,
      freeFlowSpeedTable: [[0, 0.2]],
    }),
    "consumptionModel=empirical&ev%5BfreeFlowSpeedTable%5D=0,0.2" +
      "&ev%5BinitialCharge%5D=48&ev%5BmaxCharge%5D=80" +
      "&ev%5BminChargeAtDestination%5D=10" +
      "&ev%5BminChargeAtFirstChargingStation%5D=4" +
      "&ev%5BminChargeAtChargingStation%5D=8" +
      "&ev%5BmaxChargeAfterChargingStation%5D=72" +
      "&ev%5BchargingCurve%5D=0,207,28.761,173,80,10" +
      "&ev%5BchargingSetupDuration%5D=300&ev%5BmaxChargingDuration%5D=3600" +
      "&ev%5BmaxChargingVoltage%5D=800&ev%5BmaxChargingCurrent%5D=300" +
      "&ev%5BmaxPowerAtLowVoltage%5D=45" +
      "&ev%5BconnectorTypes%5D=iec62196Type2Combo,chademo" +
      "&ev%5BmakeReachable%5D=true",
  );
});

Deno.test("appendEv(): the physical model sends its vehicle attributes as vehicle[...]", () => {
  assert.equal(
    evQuery({
      ...PHYSICAL,
      auxiliaryPowerConsumption: 2000,
      airDensity: 1.2,
      initialCharge: 39,
      maxCharge: 77,
    }),
    "consumptionModel=physical&vehicle%5BcurrentWeight%5D=2500" +
      "&vehicle%5BfrontalArea%5D=2.36" +
      "&vehicle%5BrollingResistanceCoefficient%5D=0.0066" +
      "&vehicle%5BairDragCoefficient%5D=0.23" +
      "&ev%5BdriveEfficiency%5D=0.9&ev%5BrecuperationEfficiency%5D=0.8" +
      "&ev%5BauxiliaryPowerConsumption%5D=2000&ev%5BairDensity%5D=1.2" +
      "&ev%5BinitialCharge%5D=39&ev%5BmaxCharge%5D=77",
  );
});

Deno.test("appendEv(): width and height stand in for frontalArea, from ev or from the truck", () => {
  const { frontalArea: _, ...noArea } = PHYSICAL;
  assert.equal(
    evQuery({ ...noArea, width: 180, height: 150 }),
    "consumptionModel=physical&vehicle%5BcurrentWeight%5D=2500" +
      "&vehicle%5Bwidth%5D=180&vehicle%5Bheight%5D=150" +
      "&vehicle%5BrollingResistanceCoefficient%5D=0.0066" +
      "&vehicle%5BairDragCoefficient%5D=0.23" +
      "&ev%5BdriveEfficiency%5D=0.9&ev%5BrecuperationEfficiency%5D=0.8",
  );
  const truck = appendTruck(new Query(), { width: 250, height: 380 });
  assert.equal(
    appendEv(truck, noArea, { transportMode: "truck" })
      .toString(),
    "vehicle%5Bheight%5D=380&vehicle%5Bwidth%5D=250&consumptionModel=physical" +
      "&vehicle%5BcurrentWeight%5D=2500" +
      "&vehicle%5BrollingResistanceCoefficient%5D=0.0066" +
      "&vehicle%5BairDragCoefficient%5D=0.23" +
      "&ev%5BdriveEfficiency%5D=0.9&ev%5BrecuperationEfficiency%5D=0.8",
  );
  assertValueError(
    () =>
      appendEv(
        appendTruck(new Query(), { height: 380 }),
        { ...PHYSICAL, height: 400 },
        { transportMode: "truck" },
      ),
    "ev.height",
    "Invalid ev.height: is given as the truck's height too; give it once",
  );
});

Deno.test("appendEv(): numbers without exponents; unknown connector types pass", () => {
  assert.equal(
    evQuery({
      freeFlowSpeedTable: [[0, 1e-7]],
      ...REACHABLE,
      connectorTypes: ["futurePlug", "a b"],
    }),
    "consumptionModel=empirical&ev%5BfreeFlowSpeedTable%5D=0,0.0000001" +
      "&ev%5BinitialCharge%5D=48&ev%5BmaxCharge%5D=80" +
      "&ev%5BmaxChargeAfterChargingStation%5D=72" +
      "&ev%5BchargingCurve%5D=0,239,32,199,56,167,72,55,80,1" +
      "&ev%5BconnectorTypes%5D=futurePlug,a%20b&ev%5BmakeReachable%5D=true",
  );
});

Deno.test("appendEv(): isolines take the consumption model only", () => {
  const iso: AppendEvOptions = { transportMode: "car", isoline: true };
  assert.equal(
    evQuery({ ...TABLE, ascent: 9 }, iso),
    "consumptionModel=empirical&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239" +
      "&ev%5Bascent%5D=9",
  );
  assertValueError(
    () => evQuery({ ...TABLE, initialCharge: 40, maxCharge: 80 }, iso),
    "ev.initialCharge",
    "Invalid ev.initialCharge: is not a parameter of the empirical consumption model; " +
      "it belongs to routes, not isolines (an isoline's range is its energy budget)",
  );
});

Deno.test("appendEv(): undefined adds nothing; nothing is written when a check fails", () => {
  assert.equal(evQuery(undefined), "");
  const query = new Query();
  assert.throws(() =>
    appendEv(query, { ...TABLE, initialCharge: 90, maxCharge: 80 }, CAR)
  );
  assert.equal(query.toString(), "");
});

// ----------------------------------------------------------- refusals

/** Each bad `ev`, the parameter named, and the message (or part of it). */
const INVALID: readonly [
  label: string,
  ev: unknown,
  parameter: string,
  message: string | RegExp,
][] = [
  ["not an object", "fast", "ev", 'Invalid ev: must be an object, got "fast"'],
  ["an array", [], "ev", /must be an object/],
  [
    "unknown model",
    { ...TABLE, consumptionModel: "hybrid" },
    "ev.consumptionModel",
    'Invalid ev.consumptionModel: must be "empirical" or "physical", got "hybrid"',
  ],
  [
    "no speed table",
    { ascent: 9 },
    "ev.freeFlowSpeedTable",
    /is required by the empirical consumption model/,
  ],
  [
    "a typo",
    { ...TABLE, acsent: 9 },
    "ev.acsent",
    'Invalid ev.acsent: is not a parameter of the empirical consumption model; did you mean "ev.ascent"?',
  ],
  [
    "a physical key on the empirical model",
    { ...TABLE, driveEfficiency: 0.9 },
    "ev.driveEfficiency",
    'Invalid ev.driveEfficiency: is not a parameter of the empirical consumption model; it belongs to the physical model (consumptionModel: "physical")',
  ],
  [
    "an empirical key on the physical model",
    { ...PHYSICAL, freeFlowSpeedTable: [[0, 0.2]] },
    "ev.freeFlowSpeedTable",
    /is not a parameter of the physical consumption model; it belongs to the empirical model/,
  ],
  [
    "speed table not an array",
    { freeFlowSpeedTable: "0,0.239" },
    "ev.freeFlowSpeedTable",
    /must be a non-empty array of \[speedKmh, consumptionWhPerMetre\] pairs/,
  ],
  [
    "empty speed table",
    { freeFlowSpeedTable: [] },
    "ev.freeFlowSpeedTable",
    /non-empty array/,
  ],
  [
    "flat speed table",
    { freeFlowSpeedTable: [0, 0.239, 27, 0.239] },
    "ev.freeFlowSpeedTable[0]",
    /must be a \[speedKmh, consumptionWhPerMetre\] pair, got 0/,
  ],
  [
    "a triple",
    { freeFlowSpeedTable: [[0, 0.2, 1]] },
    "ev.freeFlowSpeedTable[0]",
    /pair/,
  ],
  [
    "speeds not ascending",
    { freeFlowSpeedTable: [[0, 0.2], [50, 0.2], [50, 0.3]] },
    "ev.freeFlowSpeedTable[2][0]",
    "Invalid ev.freeFlowSpeedTable[2][0]: must be above the speed before it (50 km/h): speeds go strictly up, got 50",
  ],
  [
    "a negative speed",
    { freeFlowSpeedTable: [[-10, 0.2]] },
    "ev.freeFlowSpeedTable[0][0]",
    /non-negative integer, got -10/,
  ],
  [
    "a fractional speed",
    { freeFlowSpeedTable: [[0, 0.2], [27.5, 0.2]] },
    "ev.freeFlowSpeedTable[1][0]",
    /non-negative integer, got 27.5/,
  ],
  [
    "a negative consumption",
    { freeFlowSpeedTable: [[0, -0.2]] },
    "ev.freeFlowSpeedTable[0][1]",
    "Invalid ev.freeFlowSpeedTable[0][1]: must be a finite number, 0 or more, got -0.2",
  ],
  [
    "an infinite consumption",
    { freeFlowSpeedTable: [[0, Infinity]] },
    "ev.freeFlowSpeedTable[0][1]",
    /finite number/,
  ],
  [
    "NaN in the traffic table",
    { ...TABLE, trafficSpeedTable: [[0, NaN]] },
    "ev.trafficSpeedTable[0][1]",
    /finite number/,
  ],
  ["negative ascent", { ...TABLE, ascent: -1 }, "ev.ascent", /0 or more/],
  [
    "descent as a string",
    { ...TABLE, descent: "4.3" },
    "ev.descent",
    /finite number/,
  ],
  [
    "initialCharge without maxCharge",
    { ...TABLE, initialCharge: 40 },
    "ev.initialCharge",
    "Invalid ev.initialCharge: needs ev.maxCharge (the battery's capacity, kWh), got 40",
  ],
  [
    "maxCharge without initialCharge",
    { ...TABLE, maxCharge: 80 },
    "ev.maxCharge",
    /needs ev.initialCharge/,
  ],
  [
    "initialCharge above maxCharge",
    { ...TABLE, initialCharge: 90, maxCharge: 80 },
    "ev.initialCharge",
    "Invalid ev.initialCharge: must not exceed ev.maxCharge (80 kWh), got 90",
  ],
  [
    "maxCharge 0",
    { ...TABLE, initialCharge: 0, maxCharge: 0 },
    "ev.maxCharge",
    /above 0/,
  ],
  [
    "maxChargeAfterChargingStation above maxCharge",
    {
      ...TABLE,
      initialCharge: 40,
      maxCharge: 80,
      maxChargeAfterChargingStation: 85,
    },
    "ev.maxChargeAfterChargingStation",
    /must not exceed ev.maxCharge \(80 kWh\), got 85/,
  ],
  [
    "maxChargeAfterChargingStation without the charge",
    { ...TABLE, maxChargeAfterChargingStation: 72 },
    "ev.maxChargeAfterChargingStation",
    /needs ev.initialCharge and ev.maxCharge/,
  ],
  [
    "minChargeAtDestination without the charge",
    { ...TABLE, minChargeAtDestination: 8 },
    "ev.minChargeAtDestination",
    /needs ev.initialCharge and ev.maxCharge/,
  ],
  [
    "minChargeAtChargingStation not below the charge after a stop",
    { ...TABLE, ...REACHABLE, minChargeAtChargingStation: 72 },
    "ev.minChargeAtChargingStation",
    /must be below ev.maxChargeAfterChargingStation \(72 kWh\), got 72/,
  ],
  [
    "minChargeAtFirstChargingStation above it",
    { ...TABLE, ...REACHABLE, minChargeAtFirstChargingStation: 75 },
    "ev.minChargeAtFirstChargingStation",
    /must be below/,
  ],
  [
    "minChargeAtDestination above maxCharge",
    { ...TABLE, initialCharge: 40, maxCharge: 80, minChargeAtDestination: 81 },
    "ev.minChargeAtDestination",
    /must be below ev.maxCharge \(80 kWh\)/,
  ],
  [
    "makeReachable alone",
    { ...TABLE, makeReachable: true },
    "ev.makeReachable",
    "Invalid ev.makeReachable: needs ev.initialCharge, ev.maxCharge, ev.maxChargeAfterChargingStation, ev.chargingCurve and ev.connectorTypes, got true",
  ],
  [
    "makeReachable without connector types",
    { ...TABLE, ...REACHABLE, connectorTypes: undefined },
    "ev.makeReachable",
    "Invalid ev.makeReachable: needs ev.connectorTypes, got true",
  ],
  [
    "makeReachable without curve and limit",
    {
      ...TABLE,
      ...REACHABLE,
      chargingCurve: undefined,
      maxChargeAfterChargingStation: undefined,
    },
    "ev.makeReachable",
    "Invalid ev.makeReachable: needs ev.maxChargeAfterChargingStation and ev.chargingCurve, got true",
  ],
  [
    "makeReachable not a boolean",
    { ...TABLE, makeReachable: "true" },
    "ev.makeReachable",
    /must be a boolean/,
  ],
  [
    "no connector types",
    { ...TABLE, ...REACHABLE, connectorTypes: [] },
    "ev.connectorTypes",
    /must list at least one connector type/,
  ],
  [
    "connector types as a string",
    { ...TABLE, ...REACHABLE, connectorTypes: "chademo" },
    "ev.connectorTypes",
    /must be an array of connector types/,
  ],
  [
    "tesla with saeJ3400",
    { ...TABLE, ...REACHABLE, connectorTypes: ["tesla", "saeJ3400"] },
    "ev.connectorTypes",
    /must not list both "tesla" and "saeJ3400"/,
  ],
  [
    "a curve not from 0",
    { ...TABLE, ...REACHABLE, chargingCurve: [[5, 100], [80, 10]] },
    "ev.chargingCurve[0][0]",
    /must be 0: the curve covers the charge from 0 kWh, got 5/,
  ],
  [
    "a curve out of order",
    {
      ...TABLE,
      ...REACHABLE,
      chargingCurve: [[0, 100], [40, 90], [30, 80], [80, 10]],
    },
    "ev.chargingCurve[2][0]",
    /must be above the charge before it \(40 kWh\)/,
  ],
  [
    "a curve short of the charge after a stop",
    { ...TABLE, ...REACHABLE, chargingCurve: [[0, 100], [60, 50]] },
    "ev.chargingCurve",
    "Invalid ev.chargingCurve: must reach maxChargeAfterChargingStation (72 kWh); its last charge is 60 kWh",
  ],
  [
    "a curve in W, not kW",
    { ...TABLE, ...REACHABLE, chargingCurve: [[0, 150000], [80, 10000]] },
    "ev.chargingCurve[0][1]",
    /must be 7 to 2000 kW below maxChargeAfterChargingStation, got 150000/,
  ],
  [
    "a curve with no power",
    { ...TABLE, ...REACHABLE, chargingCurve: [[0, 100], [72, 0]] },
    "ev.chargingCurve[1][1]",
    /above 0/,
  ],
  [
    "a fractional setup duration",
    { ...TABLE, chargingSetupDuration: 30.5 },
    "ev.chargingSetupDuration",
    /non-negative integer/,
  ],
  [
    "physical without driveEfficiency",
    { ...PHYSICAL, driveEfficiency: undefined },
    "ev.driveEfficiency",
    "Invalid ev.driveEfficiency: is required by the physical consumption model (HERE's ev[driveEfficiency])",
  ],
  [
    "physical without currentWeight",
    { ...PHYSICAL, currentWeight: undefined },
    "ev.currentWeight",
    "Invalid ev.currentWeight: is required by the physical consumption model (HERE's vehicle[currentWeight])",
  ],
  [
    "physical without air drag",
    { ...PHYSICAL, airDragCoefficient: undefined },
    "ev.airDragCoefficient",
    /is required by the physical consumption model/,
  ],
  [
    "physical without a frontal area or width and height",
    { ...PHYSICAL, frontalArea: undefined, width: 180 },
    "ev.frontalArea",
    /unless the vehicle's width and height are given/,
  ],
  [
    "an efficiency above 1",
    { ...PHYSICAL, recuperationEfficiency: 1.2 },
    "ev.recuperationEfficiency",
    /must be a number from 0 to 1, got 1.2/,
  ],
  [
    "a fractional weight",
    { ...PHYSICAL, currentWeight: 2500.5 },
    "ev.currentWeight",
    /positive integer/,
  ],
];

Deno.test("appendEv(): each bad value or missing dependency is a ValueError naming it", () => {
  for (const [label, ev, parameter, message] of INVALID) {
    try {
      const error = assertValueError(() => evQuery(ev), parameter);
      if (typeof message === "string") assert.equal(error.message, message);
      else assert.match(error.message, message);
    } catch (e) {
      throw new Error(`${label}: ${(e as Error).message}`);
    }
  }
});

Deno.test("appendEv(): no EV for pedestrians and bicycles (HERE answers E605027)", () => {
  for (const transportMode of ["pedestrian", "bicycle"]) {
    assertValueError(
      () => evQuery(TABLE, { transportMode, isoline: true }),
      "ev",
      `Invalid ev: is not supported for transportMode "${transportMode}" (HERE answers E605027): EV options go with car, truck and scooter`,
    );
  }
  for (const transportMode of ["car", "truck", "scooter", "taxi"]) {
    assert.match(evQuery(TABLE, { transportMode }), /^consumptionModel=/);
  }
});

Deno.test("appendEv(): the parameter name can be changed", () => {
  assertValueError(
    () => evQuery({ ascent: 1 }, { ...CAR, parameter: "vehicle.ev" }),
    "vehicle.ev.freeFlowSpeedTable",
  );
});

// ------------------------------------------- holes, lists and battery rules

/** `items` with a hole at `index` (the array grows to reach it). */
function withHole(items: readonly unknown[], index: number): unknown[] {
  const holed = [...items];
  if (index >= holed.length) holed.length = index + 1;
  else delete holed[index];
  return holed;
}

Deno.test("appendEv(): a hole in a table is a ValueError naming it, never a TypeError or a short list", () => {
  const pair = (name: string) =>
    name.includes("Curve")
      ? "[chargeKwh, powerKw]"
      : "[speedKmh, consumptionWhPerMetre]";
  const cases: [ev: unknown, parameter: string][] = [
    [
      { freeFlowSpeedTable: withHole([[0, 0.2], [1, 0.2], [50, 0.3]], 1) },
      "ev.freeFlowSpeedTable[1]",
    ],
    // Trailing holes: once sent as `0,0.2,` and `0,0.2,,`.
    [
      { freeFlowSpeedTable: withHole([[0, 0.2]], 1) },
      "ev.freeFlowSpeedTable[1]",
    ],
    [
      { freeFlowSpeedTable: withHole([[0, 0.2]], 2) },
      "ev.freeFlowSpeedTable[1]",
    ],
    [
      {
        ...TABLE,
        trafficSpeedTable: withHole([[0, 0.3], [1, 0.3], [20, 0.3]], 1),
      },
      "ev.trafficSpeedTable[1]",
    ],
    [
      {
        ...TABLE,
        ...REACHABLE,
        chargingCurve: withHole([[0, 150], [1, 1], [80, 7]], 1),
      },
      "ev.chargingCurve[1]",
    ],
    [
      {
        ...TABLE,
        ...REACHABLE,
        chargingCurve: withHole([[0, 150], [80, 7]], 2),
      },
      "ev.chargingCurve[2]",
    ],
  ];
  for (const [ev, parameter] of cases) {
    const name = parameter.slice(0, parameter.indexOf("["));
    assertValueError(
      () => evQuery(ev),
      parameter,
      `Invalid ${parameter}: must be a ${pair(name)} pair, got undefined`,
    );
  }
});

Deno.test("appendEv(): a connector type listed twice, or holding a comma, is refused at its index", () => {
  assertValueError(
    () =>
      evQuery({
        ...TABLE,
        ...REACHABLE,
        connectorTypes: ["chademo", "chademo"],
      }),
    "ev.connectorTypes[1]",
    'Invalid ev.connectorTypes[1]: must not repeat a connector type (it is ev.connectorTypes[0] already), got "chademo"',
  );
  assertValueError(
    () =>
      evQuery({
        ...TABLE,
        ...REACHABLE,
        connectorTypes: ["gbtDc", "chademo,gbtDc"],
      }),
    "ev.connectorTypes[1]",
    'Invalid ev.connectorTypes[1]: must be one connector type without a comma (HERE splits the list at commas), got "chademo,gbtDc"',
  );
});

Deno.test("appendEv(): the minimums stay strictly below the charge they are measured against", () => {
  // Below maxCharge without maxChargeAfterChargingStation, as with it.
  for (
    const key of [
      "minChargeAtDestination",
      "minChargeAtFirstChargingStation",
      "minChargeAtChargingStation",
    ]
  ) {
    assertValueError(
      () => evQuery({ ...TABLE, initialCharge: 40, maxCharge: 80, [key]: 80 }),
      `ev.${key}`,
      `Invalid ev.${key}: must be below ev.maxCharge (80 kWh), got 80`,
    );
  }
  assert.match(
    evQuery({
      ...TABLE,
      initialCharge: 40,
      maxCharge: 80,
      minChargeAtDestination: 79.9,
    }),
    /ev%5BminChargeAtDestination%5D=79.9/,
  );
  // The charge after a stop is above the minimums' default, 0.
  assertValueError(
    () =>
      evQuery({
        ...TABLE,
        ...REACHABLE,
        maxChargeAfterChargingStation: 0,
        chargingCurve: [[0, 100]],
      }),
    "ev.maxChargeAfterChargingStation",
    "Invalid ev.maxChargeAfterChargingStation: must be a finite number above 0, got 0",
  );
});

Deno.test("appendEv(): the physical model needs a drive that moves the car and a car that weighs something", () => {
  const cases: [key: string, value: number, message: string][] = [
    ["driveEfficiency", 0, "must be a number above 0, up to 1"],
    ["currentWeight", 0, "must be a positive integer"],
    ["width", 0, "must be a positive integer"],
    ["height", 0, "must be a positive integer"],
  ];
  for (const [key, value, rule] of cases) {
    assertValueError(
      () =>
        evQuery({
          ...PHYSICAL,
          frontalArea: undefined,
          width: 180,
          height: 150,
          [key]: value,
        }),
      `ev.${key}`,
      `Invalid ev.${key}: ${rule}, got ${value}`,
    );
  }
  // No recuperation at all is a real vehicle.
  assert.match(
    evQuery({ ...PHYSICAL, recuperationEfficiency: 0 }),
    /ev%5BrecuperationEfficiency%5D=0/,
  );
  assert.match(
    evQuery({ ...PHYSICAL, driveEfficiency: 1 }),
    /ev%5BdriveEfficiency%5D=1&/,
  );
});

Deno.test("appendEv(): consumptionModel null is refused like every other null", () => {
  assertValueError(
    () => evQuery({ ...TABLE, consumptionModel: null }),
    "ev.consumptionModel",
    'Invalid ev.consumptionModel: must be "empirical" or "physical", got null',
  );
});

Deno.test("appendEv(): an auxiliary power curve goes out as HERE's pipe list, with a departure time", () => {
  const q = appendEv(new Query(), {
    ...PHYSICAL,
    auxiliaryPowerCurve: [[0, 2000], [600, 1500.5], [1800, 0]],
  }, { transportMode: "car", departureTime: "2026-11-29T08:00:00Z" });
  assert.match(
    q.toString(),
    /&ev%5BrecuperationEfficiency%5D=0\.8&ev%5BauxiliaryPowerCurve%5D=0,2000\|600,1500\.5\|1800,0$/,
  );
  const isoline = appendEv(new Query(), {
    ...PHYSICAL,
    auxiliaryPowerCurve: [[0, 300]],
  }, { transportMode: "car", isoline: true, departureTime: new Date(0) });
  assert.match(isoline.toString(), /&ev%5BauxiliaryPowerCurve%5D=0,300$/);
});

Deno.test("appendEv(): an auxiliary power curve out of HERE's rules is a ValueError naming the pair", () => {
  const at = "2026-11-29T08:00:00Z";
  const cases: [unknown, unknown, string, string?][] = [
    [[], at, "ev.auxiliaryPowerCurve"],
    [[[10, 2000]], at, "ev.auxiliaryPowerCurve[0][0]"],
    [[[0, 2000], [0, 1000]], at, "ev.auxiliaryPowerCurve[1][0]"],
    [[[0, 2000], [1801, 1000]], at, "ev.auxiliaryPowerCurve[1][0]"],
    [[[0, 2000], [60.5, 1000]], at, "ev.auxiliaryPowerCurve[1][0]"],
    [[[0, -1]], at, "ev.auxiliaryPowerCurve[0][1]"],
    [[[0, NaN]], at, "ev.auxiliaryPowerCurve[0][1]"],
    [
      [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1]],
      at,
      "ev.auxiliaryPowerCurve",
    ],
    [[[0, 1, 2]], at, "ev.auxiliaryPowerCurve[0]"],
    [
      [[0, 2000]],
      undefined,
      "ev.auxiliaryPowerCurve",
      'Invalid ev.auxiliaryPowerCurve: needs a departureTime that is not "any": the curve follows the time driven',
    ],
    [[[0, 2000]], "any", "ev.auxiliaryPowerCurve"],
  ];
  for (const [curve, departureTime, parameter, message] of cases) {
    assertValueError(
      () =>
        appendEv(new Query(), {
          ...PHYSICAL,
          auxiliaryPowerCurve: curve as never,
        }, { transportMode: "car", departureTime }),
      parameter,
      message,
    );
  }
  assertValueError(
    () =>
      appendEv(new Query(), {
        ...PHYSICAL,
        auxiliaryPowerConsumption: 2000,
        auxiliaryPowerCurve: [[0, 2000]],
      }, { transportMode: "car", departureTime: at }),
    "ev.auxiliaryPowerCurve",
    "Invalid ev.auxiliaryPowerCurve: cannot be combined with ev.auxiliaryPowerConsumption: the curve replaces the constant",
  );
  assertValueError(
    () =>
      appendEv(new Query(), {
        ...TABLE,
        auxiliaryPowerCurve: [[0, 2000]],
      } as never, { transportMode: "car", departureTime: at }),
    "ev.auxiliaryPowerCurve",
  );
});

Deno.test("appendEv(): the physical model is refused for scooters, whose vehicle attributes HERE does not take (E605010)", () => {
  assertValueError(
    () => appendEv(new Query(), PHYSICAL, { transportMode: "scooter" }),
    "ev.consumptionModel",
    'Invalid ev.consumptionModel: "physical" is not for transportMode "scooter": its vehicle attributes ' +
      "(currentWeight, frontalArea, …) are not a scooter's (HERE answers E605010)",
  );
  const q = appendEv(new Query(), TABLE, { transportMode: "scooter" });
  assert.match(
    q.toString(),
    /^consumptionModel=empirical&ev%5BfreeFlowSpeedTable%5D=/,
  );
});
