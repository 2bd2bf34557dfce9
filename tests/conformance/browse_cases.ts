// How the client produces each parameter of HERE's browse (here/browse.json).

import type { OperationCases } from "./_cases.ts";
import { buildBrowseRequest } from "@ls/search";

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
  },
  pending: [
    "route",
    "chains",
    "offset",
    "ranking",
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
