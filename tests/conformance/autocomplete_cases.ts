// How the client produces each parameter of HERE's autocomplete (here/autocomplete.json).

import type { OperationCases } from "./_cases.ts";
import { buildAutocompleteRequest } from "@ls/search";

const cases: OperationCases = {
  build: (params) => buildAutocompleteRequest(params as never),
  base: { query: "Invalidenstr 11" },
  cases: {
    q: { params: {}, wire: "Invalidenstr%2011" },
    at: { params: { at: [52.53, 13.38] }, wire: "52.53,13.38" },
    in: { params: { inCountry: ["DEU", "AUT"] }, wire: "countryCode:DEU,AUT" },
    types: {
      params: { types: ["city", "postalCode"] },
      wire: "city,postalCode",
      value: (v) => ({ types: [v] }),
    },
    postalCodeMode: {
      params: { postalCodeMode: "districtLookup" },
      wire: "districtLookup",
      value: (v) => ({ postalCodeMode: v }),
    },
    limit: { params: { limit: 20 }, wire: "20" },
    lang: { params: { lang: ["de", "en"] }, wire: "de,en" },
    politicalView: { params: { politicalView: "IND" }, wire: "IND" },
    show: {
      params: { show: ["streetInfo", "hasRelatedMPA"] },
      wire: "streetInfo,hasRelatedMPA",
      value: (v) => ({ show: [v] }),
    },
  },
  pending: [],
};

export default cases;
