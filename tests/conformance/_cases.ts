// The shape of one operation's conformance cases: how the client produces
// each parameter HERE's OpenAPI definition lists for the operation (the
// list is here/<operation>.json).

import type { RequestSpec } from "@ls/core";

/** Client parameters, as a test passes them (untyped on purpose). */
export type Params = Record<string, unknown>;

/** How the client produces one of HERE's parameters. */
export interface ParamCase {
  /** Client parameters, merged over the operation's `base`. */
  params: Params;
  /** The exact value sent, as it appears encoded in the query string. */
  wire: string;
  /**
   * For a parameter HERE gives a closed set of values: the client
   * parameters (merged over `base`) that ask for HERE's value `value`. The
   * test sends every value HERE lists and finds it in what was sent.
   */
  value?: (value: string) => Params;
  /** A builder other than the operation's (a truck-only parameter, say). */
  build?: (params: Params) => RequestSpec;
}

/** One operation's conformance cases. */
export interface OperationCases {
  /** Builds the request the operation sends. */
  build: (params: Params) => RequestSpec;
  /** The smallest valid parameters; every case is merged over them. */
  base: Params;
  /** HERE's wire name → how the client produces it. */
  cases: Record<string, ParamCase>;
  /**
   * HERE's parameters the client does not model yet. The test that every
   * parameter is modelled stays ignored (and says how many) while this is
   * not empty.
   */
  pending: readonly string[];
}
