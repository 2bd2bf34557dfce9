// How the client produces each parameter of HERE's revgeocode (here/revgeocode.json).

import type { OperationCases } from "./_cases.ts";
import { buildReverseGeocodeRequest } from "@ls/geocoding";

const cases: OperationCases = {
  build: (params) => buildReverseGeocodeRequest(params as never),
  base: { at: [52.5, 13.4] },
  cases: {
    at: { params: { at: [52.5, 13.4] }, wire: "52.5,13.4" },
    limit: { params: { limit: 5 }, wire: "5" },
    lang: { params: { lang: "de" }, wire: "de" },
    types: {
      params: { types: ["street"] },
      wire: "street",
      value: (v) => ({ types: [v] }),
    },
    show: {
      params: { show: ["tz"] },
      wire: "tz",
      value: (v) => ({ show: [v] }),
    },
    politicalView: { params: { politicalView: "SRB" }, wire: "SRB" },
    with: {
      params: { with: ["MPA", "unnamedStreets"] },
      wire: "MPA,unnamedStreets",
      value: (v) => ({ with: [v] }),
    },
    showMapReferences: {
      params: { showMapReferences: ["segments"] },
      wire: "segments",
      value: (v) => ({ showMapReferences: [v] }),
    },
    showNavAttributes: {
      params: { showNavAttributes: ["access"] },
      wire: "access",
      value: (v) => ({ showNavAttributes: [v] }),
    },
    showRelated: {
      params: { showRelated: ["nearbyAddress"] },
      wire: "nearbyAddress",
      value: (v) => ({ showRelated: [v] }),
    },
    in: {
      params: {
        at: undefined,
        searchInCircle: { center: [52.5, 13.4], radius: 250 },
      },
      wire: "circle:52.5,13.4;r=250",
    },
    bearing: { params: { bearing: 90 }, wire: "90" },
  },
  pending: [],
};

export default cases;
