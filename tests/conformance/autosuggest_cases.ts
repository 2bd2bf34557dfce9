// How the client produces each parameter of HERE's autosuggest (here/autosuggest.json).

import type { OperationCases } from "./_cases.ts";
import { buildAutosuggestRequest } from "@ls/search";

/** Clears the base's area, for a search along a route. */
const NO_AREA = { at: undefined };

const cases: OperationCases = {
  build: (params) => buildAutosuggestRequest(params as never),
  base: { query: "coff", at: [52.5, 13.4] },
  cases: {
    "q": { params: { query: "coffee sh" }, wire: "coffee%20sh" },
    "at": { params: {}, wire: "52.5,13.4" },
    "in": {
      params: { inCountry: ["DEU", "FRA"] },
      wire: "countryCode:DEU,FRA",
    },
    "limit": { params: { limit: 5 }, wire: "5" },
    "lang": { params: { lang: ["en", "de"] }, wire: "en,de" },
    "politicalView": { params: { politicalView: "SRB" }, wire: "SRB" },
    "termsLimit": { params: { termsLimit: 3 }, wire: "3" },
    "show": {
      params: { show: ["tz", "details"] },
      wire: "tz,details",
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
    "mobilityMode": {
      params: {
        ...NO_AREA,
        route: "BFg9tgKgm5xCgxTgxT",
        ranking: "excursionDistance",
        mobilityMode: "truck",
      },
      wire: "truck",
      value: (v) => ({
        ...NO_AREA,
        route: "BFg9tgKgm5xCgxTgxT",
        ranking: "excursionDistance",
        mobilityMode: v,
      }),
    },
    "with": {
      params: { with: ["recommendPlaces"] },
      wire: "recommendPlaces",
      value: (v) => ({ with: [v] }),
    },
    "showMapReferences": {
      params: { showMapReferences: ["adminIds"] },
      wire: "adminIds",
      value: (v) => ({ showMapReferences: [v] }),
    },
  },
  pending: [],
};

export default cases;
