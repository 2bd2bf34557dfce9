// How the client produces each parameter of HERE's discover (here/discover.json).

import type { OperationCases } from "./_cases.ts";
import { buildDiscoverRequest } from "@ls/search";

const cases: OperationCases = {
  build: (params) => buildDiscoverRequest(params as never),
  base: { query: "coffee", center: [52.5, 13.4], radius: 1000 },
  cases: {
    "q": { params: { query: "coffee shop" }, wire: "coffee%20shop" },
    "at": {
      params: { radius: undefined, countryCodes: ["DEU"] },
      wire: "52.5,13.4",
    },
    "in": { params: {}, wire: "circle:52.5,13.4;r=1000" },
    "limit": { params: { limit: 5 }, wire: "5" },
    "lang": { params: { lang: ["en", "de"] }, wire: "en,de" },
    "politicalView": { params: { politicalView: "SRB" }, wire: "SRB" },
    "show": {
      params: { show: ["tz", "ev"] },
      wire: "tz,ev",
      value: (v) => ({ show: [v] }),
    },
  },
  pending: [
    "route",
    "offset",
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
