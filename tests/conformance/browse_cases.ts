// How the client produces each parameter of HERE's browse (here/browse.json).

import type { OperationCases } from "./_cases.ts";
import { buildBrowseRequest } from "@ls/search";

/** Clears the base's area, for a search along a route. */
const NO_AREA = { center: undefined };

const cases: OperationCases = {
  build: (params) => buildBrowseRequest(params as never),
  base: { center: [52.5, 13.4] },
  cases: {
    "at": { params: {}, wire: "52.5,13.4" },
    "in": {
      params: { boundingBox: [13.1, 52.3, 13.7, 52.7] },
      wire: "bbox:13.1,52.3,13.7,52.7",
    },
    "categories": {
      params: { categories: ["100-1000-0000", "300"] },
      wire: "100-1000-0000,300",
    },
    "foodTypes": { params: { foodTypes: ["800-057"] }, wire: "800-057" },
    "name": { params: { name: "star bucks" }, wire: "star%20bucks" },
    "limit": { params: { limit: 5 }, wire: "5" },
    "lang": { params: { lang: ["en", "de"] }, wire: "en,de" },
    "politicalView": { params: { politicalView: "SRB" }, wire: "SRB" },
    "show": {
      params: { show: ["tz", "ev"] },
      wire: "tz,ev",
      value: (v) => ({ show: [v] }),
    },
    "route": {
      params: { ...NO_AREA, route: "BFg9tgKgm5xCgxTgxT", routeWidth: 200 },
      wire: "BFg9tgKgm5xCgxTgxT;w=200",
    },
    "offset": { params: { limit: 10, offset: 10 }, wire: "10" },
    "ranking": {
      params: {
        ...NO_AREA,
        route: "BFg9tgKgm5xCgxTgxT",
        ranking: "excursionDistance",
      },
      wire: "excursionDistance",
      value: (v) => ({ ...NO_AREA, route: "BFg9tgKgm5xCgxTgxT", ranking: v }),
    },
    "evStation[connectorTypeIds]": {
      params: { evStation: { connectorTypeIds: ["33", "29"] } },
      wire: "33,29",
      value: (v) => ({ evStation: { connectorTypeIds: [v] } }),
    },
    "evStation[minPower]": {
      params: { evStation: { minPower: 50 } },
      wire: "50",
    },
    "evStation[current]": {
      params: { evStation: { current: "DC" } },
      wire: "DC",
      value: (v) => ({ evStation: { current: v } }),
    },
    "evStation[supplierNames]": {
      params: { evStation: { supplierNames: ["Ionity", "EnBW"] } },
      wire: "Ionity,EnBW",
    },
    "evStation[eMobilityServiceProviderPartnerIds]": {
      params: { evStation: { eMobilityServiceProviderPartnerIds: ["p-1"] } },
      wire: "p-1",
    },
    "evStation[paymentMethodIds]": {
      params: { evStation: { paymentMethodIds: ["creditCard"] } },
      wire: "creditCard",
      value: (v) => ({ evStation: { paymentMethodIds: [v] } }),
    },
    "fuelStation[fuelTypes]": {
      params: { fuelStation: { fuelTypes: ["diesel", "lng"] } },
      wire: "diesel,lng",
      value: (v) => ({ fuelStation: { fuelTypes: [v] } }),
    },
    "fuelStation[minimumTruckClass]": {
      params: { fuelStation: { minimumTruckClass: "heavy" } },
      wire: "heavy",
      value: (v) => ({ fuelStation: { minimumTruckClass: v } }),
    },
    "chains": { params: { chains: ["1566", "22"] }, wire: "1566,22" },
  },
  pending: [],
};

export default cases;
