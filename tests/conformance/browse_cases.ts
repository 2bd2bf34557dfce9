// How the client produces each parameter of HERE's browse (here/browse.json).

import type { OperationCases } from "./_cases.ts";
import { buildBrowseRequest } from "@ls/search";

const cases: OperationCases = {
  build: (params) => buildBrowseRequest(params as never),
  base: { at: [52.5, 13.4] },
  cases: {},
  pending: [
    "at",
    "in",
    "route",
    "categories",
    "chains",
    "foodTypes",
    "name",
    "limit",
    "offset",
    "lang",
    "politicalView",
    "show",
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
