// How the client produces each parameter of HERE's autocomplete (here/autocomplete.json).

import type { OperationCases } from "./_cases.ts";

const cases: OperationCases = {
  build: () => {
    throw new Error("autocomplete is not offered yet");
  },
  base: { query: "Invalidenstr 11" },
  cases: {},
  pending: [
    "q",
    "at",
    "in",
    "types",
    "postalCodeMode",
    "limit",
    "lang",
    "politicalView",
    "show",
  ],
};

export default cases;
