// How the client produces each parameter of HERE's autosuggest (here/autosuggest.json).

import type { OperationCases } from "./_cases.ts";
import { buildAutosuggestRequest } from "@ls/search";

const cases: OperationCases = {
  build: (params) => buildAutosuggestRequest(params as never),
  base: { query: "coff", at: [52.5, 13.4] },
  cases: {},
  pending: [
    "q",
    "at",
    "in",
    "route",
    "limit",
    "offset",
    "termsLimit",
    "lang",
    "politicalView",
    "show",
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
