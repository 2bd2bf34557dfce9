// How the client produces each parameter of HERE's autosuggest (here/autosuggest.json).

import type { OperationCases } from "./_cases.ts";
import { buildAutosuggestRequest } from "@ls/search";

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
  },
  pending: [
    "route",
    "offset",
    "showMapReferences",
    "ranking",
    "mobilityMode",
    "with",
    "evStation[connectorTypeIds]",
    "evStation[minPower]",
    "evStation[current]",
    "evStation[supplierNames]",
    "evStation[eMobilityServiceProviderPartnerIds]",
    "evStation[paymentMethodIds]",
    "fuelStation[fuelTypes]",
    "fuelStation[minimumTruckClass]",
  ],
};

export default cases;
