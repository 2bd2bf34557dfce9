// How the client produces each parameter of HERE's revgeocode (here/revgeocode.json).

import type { OperationCases } from "./_cases.ts";
import { buildReverseGeocodeRequest } from "@ls/geocoding";

const cases: OperationCases = {
  build: (params) => buildReverseGeocodeRequest(params as never),
  base: { at: [52.5, 13.4] },
  cases: {},
  pending: [
    "at",
    "in",
    "bearing",
    "limit",
    "lang",
    "politicalView",
    "types",
    "with",
    "show",
    "showMapReferences",
    "showNavAttributes",
    "showRelated",
  ],
};

export default cases;
