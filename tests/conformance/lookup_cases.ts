// How the client produces each parameter of HERE's lookup (here/lookup.json).

import type { OperationCases } from "./_cases.ts";
import { buildLookupRequest } from "@ls/search";

const cases: OperationCases = {
  build: (params) => buildLookupRequest(params as never),
  base: { id: "here:pds:place:276u33db-8097f3194e4b411081b761ea9a366776" },
  cases: {},
  pending: [
    "id",
    "lang",
    "politicalView",
    "show",
    "showMapReferences",
    "showNavAttributes",
    "showRelated",
  ],
};

export default cases;
