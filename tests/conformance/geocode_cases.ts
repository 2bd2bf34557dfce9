// How the client produces each parameter of HERE's geocode (here/geocode.json).

import type { OperationCases } from "./_cases.ts";
import { buildGeocodeRequest } from "@ls/geocoding";

const cases: OperationCases = {
  build: (params) => buildGeocodeRequest(params as never),
  base: { query: "Invalidenstr 116, Berlin" },
  cases: {},
  pending: [
    "q",
    "qq",
    "at",
    "in",
    "types",
    "with",
    "limit",
    "lang",
    "politicalView",
    "addressNamesMode",
    "postalCodeMode",
    "show",
    "showMapReferences",
    "showNavAttributes",
    "showRelated",
    "showTranslations",
  ],
};

export default cases;
