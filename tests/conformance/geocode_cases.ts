// How the client produces each parameter of HERE's geocode (here/geocode.json).

import type { OperationCases } from "./_cases.ts";
import { buildGeocodeRequest } from "@ls/geocoding";

const cases: OperationCases = {
  build: (params) => buildGeocodeRequest(params as never),
  base: { query: "Invalidenstr 116, Berlin" },
  cases: {
    q: { params: { query: "Berlin" }, wire: "Berlin" },
    qq: {
      params: { qualifiedQuery: { city: "Berlin" } },
      wire: "city=Berlin",
    },
    at: { params: { at: [52.5, 13.4] }, wire: "52.5,13.4" },
    in: { params: { countryCodes: ["DEU"] }, wire: "countryCode:DEU" },
    types: {
      params: { types: ["street"] },
      wire: "street",
      value: (v) => ({ types: [v] }),
    },
    limit: { params: { limit: 5 }, wire: "5" },
    lang: { params: { lang: "de" }, wire: "de" },
    politicalView: { params: { politicalView: "SRB" }, wire: "SRB" },
    show: {
      params: { show: ["tz", "countryInfo"] },
      wire: "tz,countryInfo",
      value: (v) => ({ show: [v] }),
    },
  },
  pending: [
    "with",
    "addressNamesMode",
    "postalCodeMode",
    "showMapReferences",
    "showNavAttributes",
    "showRelated",
    "showTranslations",
  ],
};

export default cases;
