// How the client produces each parameter of HERE's discover (here/discover.json).

import type { OperationCases } from "./_cases.ts";
import { buildDiscoverRequest } from "@ls/search";

const cases: OperationCases = {
  build: (params) => buildDiscoverRequest(params as never),
  base: { query: "coffee", at: [52.5, 13.4] },
  cases: {},
  pending: [
    "q",
    "at",
    "in",
    "route",
    "limit",
    "offset",
    "lang",
    "politicalView",
    "show",
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
