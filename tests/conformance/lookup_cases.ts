// How the client produces each parameter of HERE's lookup (here/lookup.json).

import type { OperationCases } from "./_cases.ts";
import { buildLookupRequest } from "@ls/search";

const cases: OperationCases = {
  build: (params) => buildLookupRequest(params as never),
  base: {
    locationId: "here:pds:place:276u33db-8097f3194e4b411081b761ea9a366776",
  },
  cases: {
    id: {
      params: { locationId: "here:pds:place:x" },
      wire: "here%3Apds%3Aplace%3Ax",
    },
    lang: { params: { lang: "de" }, wire: "de" },
    show: {
      params: { show: ["tz"] },
      wire: "tz",
      value: (v) => ({ show: [v] }),
    },
  },
  pending: [
    "politicalView",
    "showMapReferences",
    "showNavAttributes",
    "showRelated",
  ],
};

export default cases;
