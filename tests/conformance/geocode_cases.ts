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
    with: {
      params: { with: ["MPA"] },
      wire: "MPA",
      value: (v) => ({ with: [v] }),
    },
    addressNamesMode: {
      params: { addressNamesMode: "normalized" },
      wire: "normalized",
      value: (v) => ({ addressNamesMode: v }),
    },
    postalCodeMode: {
      params: { postalCodeMode: "cityLookup" },
      wire: "cityLookup",
      value: (v) => ({ postalCodeMode: v }),
    },
    showMapReferences: {
      params: { showMapReferences: ["segments", "adminIds"] },
      wire: "segments,adminIds",
      value: (v) => ({ showMapReferences: [v] }),
    },
    showNavAttributes: {
      params: { showNavAttributes: ["speedLimits"] },
      wire: "speedLimits",
      value: (v) => ({ showNavAttributes: [v] }),
    },
    showRelated: {
      params: { showRelated: ["parentPA"] },
      wire: "parentPA",
      value: (v) => ({ showRelated: [v] }),
    },
    showTranslations: {
      params: { showTranslations: ["city", "state"] },
      wire: "city,state",
      value: (v) => ({ showTranslations: [v] }),
    },
  },
  pending: [],
};

export default cases;
