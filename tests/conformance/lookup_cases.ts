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
    politicalView: { params: { politicalView: "SRB" }, wire: "SRB" },
    showMapReferences: {
      params: { showMapReferences: ["segments", "cmVersion"] },
      wire: "segments,cmVersion",
      value: (v) => ({ showMapReferences: [v] }),
    },
    showNavAttributes: {
      params: { showNavAttributes: ["functionalClass"] },
      wire: "functionalClass",
      value: (v) => ({ showNavAttributes: [v] }),
    },
    showRelated: {
      params: { showRelated: ["MPA"] },
      wire: "MPA",
      value: (v) => ({ showRelated: [v] }),
    },
  },
  pending: [],
};

export default cases;
