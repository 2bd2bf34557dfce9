// How the client produces each parameter of HERE's routes (here/routes.json).

import type { OperationCases, Params } from "./_cases.ts";
import type { RequestSpec } from "@ls/core";
import {
  buildBicycleRouteRequest,
  buildBusRouteRequest,
  buildCarRouteRequest,
  buildPedestrianRouteRequest,
  buildPrivateBusRouteRequest,
  buildScooterRouteRequest,
  buildTaxiRouteRequest,
  buildTruckRouteRequest,
} from "@ls/routing";

const car = (params: Params) => buildCarRouteRequest(params as never);
const truck = (params: Params) => buildTruckRouteRequest(params as never);
const scooter = (params: Params) => buildScooterRouteRequest(params as never);
const taxi = (params: Params) => buildTaxiRouteRequest(params as never);

/** The route function of each transport mode: the mode is the function. */
const BY_MODE: Record<string, (params: never) => RequestSpec> = {
  car: buildCarRouteRequest,
  truck: buildTruckRouteRequest,
  pedestrian: buildPedestrianRouteRequest,
  bicycle: buildBicycleRouteRequest,
  scooter: buildScooterRouteRequest,
  taxi: buildTaxiRouteRequest,
  bus: buildBusRouteRequest,
  privateBus: buildPrivateBusRouteRequest,
};

/** Builds with the function of `params.mode` (a test-only key). */
const byMode = ({ mode, ...params }: Params) =>
  BY_MODE[mode as string](params as never);

/** A truck field sent as `vehicle[field]`. */
const vehicle = (field: string, value: unknown, wire: string) => ({
  params: { truck: { [field]: value } },
  wire,
  build: truck,
});

const EMPIRICAL = { freeFlowSpeedTable: [[0, 0.2]] };
const BATTERY = { maxCharge: 80, initialCharge: 48 };
/** An `ev[…]` option of the empirical model, with an 80 kWh battery at 48. */
const ev = (option: string, value: unknown, wire: string) => ({
  params: { ev: { ...EMPIRICAL, ...BATTERY, [option]: value } },
  wire,
});

const PHYSICAL = {
  consumptionModel: "physical",
  driveEfficiency: 0.9,
  recuperationEfficiency: 0.8,
  currentWeight: 2500,
  rollingResistanceCoefficient: 0.0066,
  airDragCoefficient: 0.23,
  frontalArea: 2.36,
};
/** An option of the physical model (`ev[…]` or `vehicle[…]`). */
const physical = (option: string, value: unknown, wire: string) => ({
  params: { ev: { ...PHYSICAL, [option]: value } },
  wire,
});

const cases: OperationCases = {
  build: car,
  base: { origin: [52.5, 13.4], destination: [52.51, 13.41] },
  cases: {
    transportMode: {
      params: { mode: "taxi" },
      wire: "taxi",
      value: (v) => ({ mode: v }),
      build: byMode,
    },
    "networkRestrictedTruck[permittedNetworks]": {
      params: {
        permittedNetworks: [
          { country: "NZL", networks: ["HPMV"] },
          { country: "AUS", states: ["NSW", "VIC"], networks: ["BDouble"] },
        ],
      },
      wire: "NZL::HPMV%7CAUS:NSW,VIC:BDouble",
      build: truck,
    },
    "taxi[allowDriveThroughTaxiRoads]": {
      params: { taxi: { allowDriveThroughTaxiRoads: false } },
      wire: "false",
      build: taxi,
    },
    origin: { params: {}, wire: "52.5,13.4" },
    destination: { params: {}, wire: "52.51,13.41" },
    via: { params: { via: [[52.505, 13.405]] }, wire: "52.505,13.405" },
    departureTime: {
      params: { departureTime: "2024-05-01T08:00:00+02:00" },
      wire: "2024-05-01T08%3A00%3A00%2B02%3A00",
    },
    arrivalTime: {
      params: { arrivalTime: "2024-05-01T10:00:00" },
      wire: "2024-05-01T10%3A00%3A00",
    },
    routingMode: {
      params: { routingMode: "short" },
      wire: "short",
      value: (v) => ({ routingMode: v }),
    },
    alternatives: { params: { alternatives: 3 }, wire: "3" },
    "avoid[features]": {
      params: { avoidFeatures: ["tollRoad", "ferry"] },
      wire: "tollRoad,ferry",
      value: (v) => ({ avoidFeatures: [v] }),
      // difficultTurns is a truck's alone; a truck takes every feature.
      build: truck,
    },
    "avoid[areas]": {
      params: { avoidAreas: [[13.41, 52.51, 13.43, 52.53]] },
      wire: "bbox:13.41,52.51,13.43,52.53",
    },
    "exclude[countries]": {
      params: { exclude: ["CHE", "AUT"] },
      wire: "CHE,AUT",
    },
    "avoid[segments]": {
      params: { avoidSegments: ["here:cm:segment:76771992#+0"] },
      wire: "here%3Acm%3Asegment%3A76771992%23%2B0",
    },
    "avoid[zoneCategories]": {
      params: {
        avoidZoneCategories: {
          categories: ["environmental"],
          exceptZoneIds: ["here:cm:envzone:2"],
        },
      },
      wire: "environmental;exceptZoneIds=here%3Acm%3Aenvzone%3A2",
      value: (v) => ({ avoidZoneCategories: { categories: [v] } }),
    },
    "avoid[zoneIdentifiers]": {
      params: { avoidZoneIdentifiers: ["here:cm:envzone:3"] },
      wire: "here%3Acm%3Aenvzone%3A3",
    },
    "avoid[truckRoadTypes]": {
      params: { avoidTruckRoadTypes: ["BK1", "C"] },
      wire: "BK1,C",
    },
    "avoid[tollTransponders]": {
      params: { avoidTollTransponders: "all" },
      wire: "all",
      value: (v) => ({ avoidTollTransponders: v }),
    },
    "exclude[states]": {
      params: { exclude: { states: { USA: ["NV", "CA"], CAN: ["QC"] } } },
      wire: "USA:NV,CA%7CCAN:QC",
    },
    "exclude[areas]": {
      params: { exclude: { areas: [[13.41, 52.51, 13.43, 52.53]] } },
      wire: "bbox:13.41,52.51,13.43,52.53",
    },
    "allow[hov]": { params: { allow: { hov: true } }, wire: "true" },
    "allow[hot]": { params: { allow: { hot: true } }, wire: "true" },
    "traffic[mode]": {
      params: { traffic: { mode: "disabled" } },
      wire: "disabled",
      value: (v) => ({ traffic: { mode: v } }),
    },
    "traffic[overrideFlowDuration]": {
      params: { traffic: { overrideFlowDuration: 600 } },
      wire: "600",
    },
    maxSpeedOnSegment: {
      params: {
        maxSpeedOnSegment: [
          { segment: "here:cm:segment:84905195#+", speed: 10 },
          { segment: "here:cm:segment:2", speed: 5.5 },
        ],
      },
      wire: "here%3Acm%3Asegment%3A84905195%23%2B;speed=10," +
        "here%3Acm%3Asegment%3A2;speed=5.5",
    },
    billingTag: { params: { billingTag: "ABCD+EFGH" }, wire: "ABCD%2BEFGH" },
    customizations: {
      params: { customizations: ["c1", "c2"] },
      wire: "c1,c2",
    },
    "driver[schedule]": {
      params: { driver: { schedule: [[16200, 2700], [16200, 39600]] } },
      wire: "16200,2700,16200,39600",
      build: truck,
    },
    units: {
      params: { units: "imperial" },
      wire: "imperial",
      value: (v) => ({ units: v }),
    },
    lang: { params: { lang: ["de-DE", "en-US"] }, wire: "de-DE,en-US" },
    return: {
      params: { returnResults: ["polyline", "summary"] },
      wire: "polyline,summary",
      value: (v) => ({
        returnResults: v === "polyline" ? [v] : ["polyline", "actions", v],
      }),
    },
    spans: {
      params: { returnResults: ["polyline"], spans: ["names", "length"] },
      wire: "names,length",
      value: (v) => ({ returnResults: ["polyline"], spans: [v] }),
    },
    "vehicle[shippedHazardousGoods]": {
      ...vehicle(
        "shippedHazardousGoods",
        ["explosive", "gas"],
        "explosive,gas",
      ),
      value: (v) => ({ truck: { shippedHazardousGoods: [v] } }),
    },
    "vehicle[grossWeight]": vehicle("grossWeight", 12000, "12000"),
    "vehicle[weightPerAxle]": vehicle("weightPerAxle", 8000, "8000"),
    "vehicle[height]": vehicle("height", 380, "380"),
    "vehicle[width]": vehicle("width", 250, "250"),
    "vehicle[length]": vehicle("length", 1650, "1650"),
    "vehicle[tunnelCategory]": {
      ...vehicle("tunnelCategory", "C", "C"),
      value: (v) => ({ truck: { tunnelCategory: v } }),
    },
    "vehicle[axleCount]": vehicle("axleCount", 4, "4"),
    "vehicle[type]": {
      ...vehicle("type", "Tractor", "Tractor"),
      value: (v) => ({ truck: { type: v } }),
    },
    "vehicle[trailerCount]": vehicle("trailerCount", 1, "1"),
    "vehicle[currentWeight]": physical("currentWeight", 2500, "2500"),
    "vehicle[frontalArea]": physical("frontalArea", 2.36, "2.36"),
    "vehicle[rollingResistanceCoefficient]": physical(
      "rollingResistanceCoefficient",
      0.0066,
      "0.0066",
    ),
    "vehicle[airDragCoefficient]": physical("airDragCoefficient", 0.23, "0.23"),
    "vehicle[speedCap]": {
      params: { vehicle: { speedCap: 27.8 } },
      wire: "27.8",
    },
    "vehicle[speedCapPerFc]": {
      params: { vehicle: { speedCapPerFc: [33.3, null, 22.2] } },
      wire: "33.3,,22.2",
    },
    "vehicle[occupancy]": { params: { vehicle: { occupancy: 3 } }, wire: "3" },
    "vehicle[hovOccupancy]": {
      params: { vehicle: { hovOccupancy: 2 } },
      wire: "2",
    },
    "vehicle[licensePlate]": {
      params: { vehicle: { licensePlate: { lastCharacter: "7" } } },
      wire: "lastCharacter:7",
    },
    "vehicle[engineType]": {
      params: { vehicle: { engineType: "pluginHybrid" } },
      wire: "pluginHybrid",
      value: (v) => ({ vehicle: { engineType: v } }),
    },
    "vehicle[emptyWeight]": {
      params: { vehicle: { emptyWeight: 7500 } },
      wire: "7500",
    },
    "vehicle[weightPerAxleGroup]": {
      params: {
        vehicle: { weightPerAxleGroup: { single: 10000, tandem: 18000 } },
      },
      wire: "single:10000,tandem:18000",
      build: truck,
    },
    "vehicle[kpraLength]": {
      params: { vehicle: { kpraLength: 1250 } },
      wire: "1250",
      build: truck,
    },
    "vehicle[payloadCapacity]": {
      params: { vehicle: { payloadCapacity: 10000 } },
      wire: "10000",
      build: truck,
    },
    "vehicle[trailerAxleCount]": {
      params: {
        truck: { axleCount: 5, trailerCount: 1 },
        vehicle: { trailerAxleCount: 2 },
      },
      wire: "2",
      build: truck,
    },
    "vehicle[tiresCount]": {
      params: { vehicle: { tiresCount: 18 } },
      wire: "18",
      build: truck,
    },
    "vehicle[category]": {
      params: { vehicle: { category: "lightTruck" } },
      wire: "lightTruck",
      value: (v) => ({ vehicle: { category: v } }),
      build: truck,
    },
    "vehicle[engineSizeCc]": {
      params: { vehicle: { engineSizeCc: 1600 } },
      wire: "1600",
    },
    "vehicle[heightAboveFirstAxle]": {
      params: { vehicle: { heightAboveFirstAxle: 150 } },
      wire: "150",
      build: truck,
    },
    "vehicle[commercial]": {
      params: { vehicle: { commercial: true } },
      wire: "true",
    },
    consumptionModel: {
      params: { ev: EMPIRICAL },
      wire: "empirical",
      value: (v) => ({ ev: v === "physical" ? PHYSICAL : EMPIRICAL }),
    },
    "ev[freeFlowSpeedTable]": ev(
      "freeFlowSpeedTable",
      [[0, 0.239], [27, 0.196]],
      "0,0.239,27,0.196",
    ),
    "ev[trafficSpeedTable]": ev("trafficSpeedTable", [[0, 0.3]], "0,0.3"),
    "ev[ascent]": ev("ascent", 9, "9"),
    "ev[descent]": ev("descent", 4.3, "4.3"),
    "ev[auxiliaryConsumption]": ev("auxiliaryConsumption", 1.8, "1.8"),
    "ev[driveEfficiency]": physical("driveEfficiency", 0.9, "0.9"),
    "ev[recuperationEfficiency]": physical(
      "recuperationEfficiency",
      0.8,
      "0.8",
    ),
    "ev[auxiliaryPowerConsumption]": physical(
      "auxiliaryPowerConsumption",
      2000,
      "2000",
    ),
    "ev[airDensity]": physical("airDensity", 1.2, "1.2"),
    "ev[auxiliaryPowerCurve]": {
      params: {
        departureTime: "2026-11-29T08:00:00Z",
        ev: { ...PHYSICAL, auxiliaryPowerCurve: [[0, 2000], [600, 1500]] },
      },
      wire: "0,2000|600,1500",
    },
    "ev[initialCharge]": ev("initialCharge", 20, "20"),
    "ev[maxCharge]": ev("maxCharge", 80, "80"),
    "ev[chargingCurve]": ev("chargingCurve", [[0, 239], [80, 1]], "0,239,80,1"),
    "ev[maxChargingVoltage]": ev("maxChargingVoltage", 400, "400"),
    "ev[maxChargingCurrent]": ev("maxChargingCurrent", 100, "100"),
    "ev[maxChargeAfterChargingStation]": ev(
      "maxChargeAfterChargingStation",
      72,
      "72",
    ),
    "ev[minChargeAtChargingStation]": {
      params: {
        ev: {
          ...EMPIRICAL,
          ...BATTERY,
          maxChargeAfterChargingStation: 72,
          minChargeAtChargingStation: 8,
        },
      },
      wire: "8",
    },
    "ev[minChargeAtFirstChargingStation]": {
      params: {
        ev: {
          ...EMPIRICAL,
          ...BATTERY,
          maxChargeAfterChargingStation: 72,
          minChargeAtFirstChargingStation: 9,
        },
      },
      wire: "9",
    },
    "ev[minChargeAtDestination]": ev("minChargeAtDestination", 10, "10"),
    "ev[chargingSetupDuration]": ev("chargingSetupDuration", 60, "60"),
    "ev[maxChargingDuration]": ev("maxChargingDuration", 600, "600"),
    "ev[connectorTypes]": {
      ...ev("connectorTypes", ["chademo", "tesla"], "chademo,tesla"),
      value: (v) => ({ ev: { ...EMPIRICAL, connectorTypes: [v] } }),
    },
    "ev[maxPowerAtLowVoltage]": ev("maxPowerAtLowVoltage", 45, "45"),
    "ev[makeReachable]": {
      params: {
        ev: {
          ...EMPIRICAL,
          initialCharge: 20,
          maxCharge: 80,
          maxChargeAfterChargingStation: 72,
          chargingCurve: [[0, 239], [80, 1]],
          connectorTypes: ["chademo"],
          makeReachable: true,
        },
      },
      wire: "true",
    },
    "fuel[type]": {
      params: { fuel: { type: "diesel" } },
      wire: "diesel",
      value: (v) => ({ fuel: { type: v } }),
    },
    "fuel[freeFlowSpeedTable]": {
      params: {
        fuel: { type: "diesel", freeFlowSpeedTable: [[0, 0.07], [90, 0.06]] },
      },
      wire: "0,0.07,90,0.06",
    },
    "fuel[trafficSpeedTable]": {
      params: {
        fuel: {
          type: "diesel",
          freeFlowSpeedTable: [[0, 0.07]],
          trafficSpeedTable: [[0, 0.09], [50, 0.08]],
        },
      },
      wire: "0,0.09,50,0.08",
    },
    "fuel[additionalConsumption]": {
      params: {
        fuel: {
          type: "petrol",
          freeFlowSpeedTable: [[0, 0.07]],
          additionalConsumption: 0.2,
        },
      },
      wire: "0.2",
    },
    "fuel[ascent]": {
      params: {
        fuel: { type: "petrol", freeFlowSpeedTable: [[0, 0.07]], ascent: 0.5 },
      },
      wire: "0.5",
    },
    currency: {
      params: { currency: "EUR", returnResults: ["tolls"] },
      wire: "EUR",
    },
    "tolls[summaries]": {
      params: {
        returnResults: ["tolls"],
        currency: "EUR",
        tolls: { summaries: ["total", "country"] },
      },
      wire: "total,country",
      value: (v) => ({
        returnResults: ["tolls"],
        currency: "EUR",
        tolls: { summaries: [v] },
      }),
    },
    "tolls[vignettes]": {
      params: { returnResults: ["tolls"], tolls: { vignettes: "all" } },
      wire: "all",
      value: (v) => ({ returnResults: ["tolls"], tolls: { vignettes: v } }),
    },
    "tolls[transponders]": {
      params: { returnResults: ["tolls"], tolls: { transponders: "all" } },
      wire: "all",
      value: (v) => ({ returnResults: ["tolls"], tolls: { transponders: v } }),
    },
    "tolls[vehicleCategory]": {
      params: {
        returnResults: ["tolls"],
        tolls: { vehicleCategory: "minibus" },
      },
      wire: "minibus",
      value: (v) => ({
        returnResults: ["tolls"],
        tolls: { vehicleCategory: v },
      }),
    },
    "tolls[emissionType]": {
      params: {
        returnResults: ["tolls"],
        tolls: { emissionType: { type: "euro6", co2Class: 2 } },
      },
      wire: "euro6;co2class=2",
    },
    "pedestrian[speed]": {
      params: { pedestrian: { speed: 1.4 } },
      wire: "1.4",
      build: (params) => buildPedestrianRouteRequest(params as never),
    },
    "scooter[allowHighway]": {
      params: { scooter: { allowHighway: true } },
      wire: "true",
      build: scooter,
    },
  },
  pending: [],
};

export default cases;
