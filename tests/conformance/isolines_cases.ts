// How the client produces each parameter of HERE's isolines (here/isolines.json).

import type { OperationCases, ParamCase } from "./_cases.ts";
import { buildCalculateIsolineRequest } from "@ls/isoline";

const EMPIRICAL = {
  freeFlowSpeedTable: [[0, 0.239], [27, 0.239], [45, 0.259]],
};
const FUEL = { type: "diesel", freeFlowSpeedTable: [[0, 0.07], [50, 0.05]] };
const EMPIRICAL_EXPLICIT = { consumptionModel: "empirical", ...EMPIRICAL };
const PHYSICAL = {
  consumptionModel: "physical",
  driveEfficiency: 0.85,
  recuperationEfficiency: 0.6,
  auxiliaryPowerConsumption: 1800,
  currentWeight: 2500,
  frontalArea: 2.2,
  rollingResistanceCoefficient: 0.01,
  airDragCoefficient: 0.3,
};

/** The `truck` fields, sent as `vehicle[…]`, with truck mode. */
function truckCases(): Record<string, ParamCase> {
  const truck = (fields: Record<string, unknown>) => ({
    transportMode: "truck",
    truck: fields,
  });
  const int = (field: string, n: number): [string, ParamCase] => [
    `vehicle[${field}]`,
    { params: truck({ [field]: n }), wire: String(n) },
  ];
  const set = (field: string, first: string): [string, ParamCase] => [
    `vehicle[${field}]`,
    {
      params: truck({ [field]: first }),
      wire: first,
      value: (v) => truck({ [field]: v }),
    },
  ];
  return Object.fromEntries([
    [
      "vehicle[shippedHazardousGoods]",
      {
        params: truck({ shippedHazardousGoods: ["explosive", "gas"] }),
        wire: "explosive,gas",
        value: (v: string) => truck({ shippedHazardousGoods: [v] }),
      },
    ],
    int("grossWeight", 12000),
    int("weightPerAxle", 5000),
    int("height", 380),
    int("width", 250),
    int("length", 1200),
    set("tunnelCategory", "B"),
    int("axleCount", 3),
    int("trailerCount", 1),
    set("type", "Tractor"),
  ]);
}

const cases: OperationCases = {
  build: (params) => buildCalculateIsolineRequest(params as never),
  base: {
    origin: [52.5, 13.4],
    range: [1000],
    rangeType: "distance",
    transportMode: "car",
  },
  cases: {
    "range[type]": {
      params: { range: [600], rangeType: "time" },
      wire: "time",
      value: (v) =>
        v === "consumption"
          ? { rangeType: v, range: [2000], ev: EMPIRICAL }
          : { rangeType: v },
    },
    "range[values]": { params: { range: [300, 600] }, wire: "300,600" },
    transportMode: {
      params: { transportMode: "car" },
      wire: "car",
      value: (v) => ({ transportMode: v }),
    },
    origin: { params: { origin: [52.5, 13.4] }, wire: "52.5,13.4" },
    departureTime: {
      params: { departureTime: "2024-05-01T08:00:00+02:00" },
      wire: "2024-05-01T08%3A00%3A00%2B02%3A00",
    },
    destination: {
      params: { origin: undefined, destination: [52.5, 13.4] },
      wire: "52.5,13.4",
    },
    arrivalTime: {
      params: {
        origin: undefined,
        destination: [52.5, 13.4],
        arrivalTime: "2024-05-01T08:00:00+02:00",
      },
      wire: "2024-05-01T08%3A00%3A00%2B02%3A00",
    },
    routingMode: {
      params: { routingMode: "short" },
      wire: "short",
      value: (v) => ({ routingMode: v }),
    },
    "shape[maxPoints]": { params: { shapeMaxPoints: 100 }, wire: "100" },
    optimizeFor: {
      params: { optimisedFor: "quality" },
      wire: "quality",
      value: (v) => ({ optimisedFor: v }),
    },
    "avoid[features]": {
      params: { avoidFeatures: ["tollRoad", "ferry"] },
      wire: "tollRoad,ferry",
      // difficultTurns is a truck's alone; a truck takes every feature.
      value: (v) => ({ transportMode: "truck", avoidFeatures: [v] }),
    },
    "avoid[areas]": {
      params: { avoidAreas: [[13.41, 52.51, 13.43, 52.53]] },
      wire: "bbox:13.41,52.51,13.43,52.53",
    },
    "shape[maxResolution]": { params: { shapeMaxResolution: 50 }, wire: "50" },
    "exclude[countries]": {
      params: { exclude: { countries: ["POL", "CZE"] } },
      wire: "POL,CZE",
    },
    "exclude[states]": {
      params: { exclude: { states: { USA: ["NY", "PA"], CAN: ["QC"] } } },
      wire: "USA:NY,PA%7CCAN:QC",
    },
    "exclude[areas]": {
      params: { exclude: { areas: [[13.41, 52.51, 13.43, 52.53]] } },
      wire: "bbox:13.41,52.51,13.43,52.53",
    },
    "allow[hov]": { params: { allow: { hov: true } }, wire: "true" },
    "allow[hot]": { params: { allow: { hot: false } }, wire: "false" },
    "traffic[mode]": {
      params: { traffic: { mode: "disabled" } },
      wire: "disabled",
      value: (v) => ({ traffic: { mode: v } }),
    },
    "traffic[overrideFlowDuration]": {
      params: { traffic: { overrideFlowDuration: 600 } },
      wire: "600",
    },
    "taxi[allowDriveThroughTaxiRoads]": {
      params: {
        transportMode: "taxi",
        taxi: { allowDriveThroughTaxiRoads: false },
      },
      wire: "false",
    },
    billingTag: { params: { billingTag: "ABCD+EFGH" }, wire: "ABCD%2BEFGH" },
    "fuel[type]": {
      params: { fuel: { type: "diesel" } },
      wire: "diesel",
      value: (v) => ({ fuel: { type: v } }),
    },
    "fuel[freeFlowSpeedTable]": {
      params: { fuel: FUEL },
      wire: "0,0.07,50,0.05",
    },
    "fuel[trafficSpeedTable]": {
      params: { fuel: { ...FUEL, trafficSpeedTable: [[0, 0.1], [30, 0.08]] } },
      wire: "0,0.1,30,0.08",
    },
    "fuel[additionalConsumption]": {
      params: { fuel: { ...FUEL, additionalConsumption: 0.3 } },
      wire: "0.3",
    },
    "fuel[ascent]": {
      params: { fuel: { ...FUEL, ascent: 0.02 } },
      wire: "0.02",
    },
    "vehicle[emptyWeight]": {
      params: { vehicle: { emptyWeight: 7000 } },
      wire: "7000",
    },
    "vehicle[weightPerAxleGroup]": {
      params: {
        transportMode: "truck",
        vehicle: { weightPerAxleGroup: { single: 10000, tandem: 18000 } },
      },
      wire: "single:10000,tandem:18000",
    },
    "vehicle[kpraLength]": {
      params: { vehicle: { kpraLength: 1250 } },
      wire: "1250",
    },
    "vehicle[payloadCapacity]": {
      params: { vehicle: { payloadCapacity: 8000 } },
      wire: "8000",
    },
    "vehicle[tiresCount]": {
      params: { vehicle: { tiresCount: 18 } },
      wire: "18",
    },
    "vehicle[category]": {
      params: { transportMode: "truck", vehicle: { category: "lightTruck" } },
      wire: "lightTruck",
      value: (v) => ({ transportMode: "truck", vehicle: { category: v } }),
    },
    "vehicle[hovOccupancy]": {
      params: { vehicle: { hovOccupancy: 2 } },
      wire: "2",
    },
    "vehicle[licensePlate]": {
      params: { vehicle: { licensePlate: { lastCharacter: "7" } } },
      wire: "lastCharacter:7",
    },
    "vehicle[speedCap]": {
      params: { vehicle: { speedCap: 27.5 } },
      wire: "27.5",
    },
    "vehicle[speedCapPerFc]": {
      params: { vehicle: { speedCapPerFc: [33, null, 25] } },
      wire: "33,,25",
    },
    "vehicle[engineSizeCc]": {
      params: { vehicle: { engineSizeCc: 1600 } },
      wire: "1600",
    },
    "vehicle[occupancy]": { params: { vehicle: { occupancy: 3 } }, wire: "3" },
    "vehicle[engineType]": {
      params: { vehicle: { engineType: "pluginHybrid" } },
      wire: "pluginHybrid",
      value: (v) => ({ vehicle: { engineType: v } }),
    },
    "avoid[segments]": {
      params: {
        avoidSegments: [
          "here:cm:segment:207551710#+",
          "here:cm:segment:76771992",
        ],
      },
      wire: "here:cm:segment:207551710%23%2B,here:cm:segment:76771992",
    },
    "avoid[zoneCategories]": {
      params: {
        avoidZones: {
          categories: ["vignette", "environmental"],
          exceptZoneIds: ["here:cm:envzone:3"],
        },
      },
      wire: "vignette,environmental;exceptZoneIds=here:cm:envzone:3",
      value: (v) => ({ avoidZones: { categories: [v] } }),
    },
    "avoid[zoneIdentifiers]": {
      params: { avoidZoneIds: ["here:cm:envzone:2", "here:cm:envzone:5"] },
      wire: "here:cm:envzone:2,here:cm:envzone:5",
    },
    "avoid[truckRoadTypes]": {
      params: { avoidTruckRoadTypes: ["BK1", "ET2"] },
      wire: "BK1,ET2",
    },
    "avoid[tollTransponders]": {
      params: { avoidTollTransponders: "all" },
      wire: "all",
      value: (v) => ({ avoidTollTransponders: v }),
    },
    maxSpeedOnSegment: {
      params: {
        maxSpeedOnSegment: [
          { segment: "here:cm:segment:84905195#+", speed: 10 },
          { segment: "here:cm:segment:76771992", speed: 5.5 },
        ],
      },
      wire:
        "here:cm:segment:84905195%23%2B;speed=10,here:cm:segment:76771992;speed=5.5",
    },
    ...truckCases(),
    consumptionModel: {
      params: { ev: PHYSICAL },
      wire: "physical",
      value: (v) => ({ ev: v === "physical" ? PHYSICAL : EMPIRICAL_EXPLICIT }),
    },
    "ev[freeFlowSpeedTable]": {
      params: { ev: EMPIRICAL },
      wire: "0,0.239,27,0.239,45,0.259",
    },
    "ev[trafficSpeedTable]": {
      params: {
        ev: { ...EMPIRICAL, trafficSpeedTable: [[0, 0.349], [27, 0.319]] },
      },
      wire: "0,0.349,27,0.319",
    },
    "ev[ascent]": { params: { ev: { ...EMPIRICAL, ascent: 9 } }, wire: "9" },
    "ev[descent]": {
      params: { ev: { ...EMPIRICAL, descent: 4.3 } },
      wire: "4.3",
    },
    "ev[auxiliaryConsumption]": {
      params: { ev: { ...EMPIRICAL, auxiliaryConsumption: 1.8 } },
      wire: "1.8",
    },
    "ev[driveEfficiency]": { params: { ev: PHYSICAL }, wire: "0.85" },
    "ev[recuperationEfficiency]": { params: { ev: PHYSICAL }, wire: "0.6" },
    "ev[auxiliaryPowerConsumption]": { params: { ev: PHYSICAL }, wire: "1800" },
    "ev[airDensity]": {
      params: { ev: { ...PHYSICAL, airDensity: 1.2 } },
      wire: "1.2",
    },
    "ev[auxiliaryPowerCurve]": {
      params: {
        departureTime: "2026-11-29T08:00:00Z",
        ev: {
          ...PHYSICAL,
          auxiliaryPowerConsumption: undefined,
          auxiliaryPowerCurve: [[0, 2000], [600, 1500]],
        },
      },
      wire: "0,2000|600,1500",
    },
    "vehicle[currentWeight]": { params: { ev: PHYSICAL }, wire: "2500" },
    "vehicle[frontalArea]": { params: { ev: PHYSICAL }, wire: "2.2" },
    "vehicle[rollingResistanceCoefficient]": {
      params: { ev: PHYSICAL },
      wire: "0.01",
    },
    "vehicle[airDragCoefficient]": { params: { ev: PHYSICAL }, wire: "0.3" },
  },
  pending: [],
};

export default cases;
