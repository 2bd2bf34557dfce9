/**
 * One place by its HERE id, with HERE's `GET /v1/lookup`. HERE answers with
 * the place itself, not a list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildLookupRequest } from "@ls/search";
 * const spec = buildLookupRequest({ locationId: "here:pds:place:276u33db-8097f3194e4b411081b761ea9a366776" });
 * assert.equal(spec.query?.toString(), "id=here%3Apds%3Aplace%3A276u33db-8097f3194e4b411081b761ea9a366776");
 * ```
 *
 * @module
 */

import { Query } from "@ls/core";
import type { Client, RequestOptions, RequestSpec } from "@ls/core";
import {
  checkOperation,
  lazy,
  mapDetailRows,
  nonBlankString,
  scrubbing,
  setSearchParams,
} from "@ls/core/internal";
import type { AllKeys, SearchTable } from "@ls/core/internal";
import type { GeocodingSearchParams, ShowExtrasParams } from "@ls/geocoding";
import type { ResultItem } from "@ls/geocoding";
import { LookupResponse } from "./lookup_response.ts";
import { LOOKUP_SHOW, type LookupShow } from "./place_show.ts";

/**
 * Parameters of {@linkcode lookup}: the place's id, `lang`,
 * `politicalView`, `show` (the blocks of {@linkcode LookupShow}) and the
 * `show…` lists.
 */
export interface LookupParams
  extends
    Pick<GeocodingSearchParams<LookupShow>, "lang" | "politicalView" | "show">,
    ShowExtrasParams<"MPA" | "parentPA"> {
  /** A HERE id from an earlier result, e.g. `"here:pds:place:..."`; sent as `id`. */
  locationId: string;
}

/** The parameters lookup checks with the shared rules, in HERE's order: after `id`. */
const LOOKUP_TABLE = [
  ["lang"],
  ["politicalView"],
  ["show", LOOKUP_SHOW],
  ...mapDetailRows(["MPA", "parentPA"]),
] as const satisfies SearchTable<keyof LookupParams>;

const lookupKeys = /* @__PURE__ */ lazy(() =>
  ["locationId", ...LOOKUP_TABLE.map(([name]) => name)] as const
);

/** Every parameter is among the keys: the compiler checks the table. */
const _allKeys: AllKeys<
  LookupParams,
  ReturnType<typeof lookupKeys>[number]
> = 0;

/**
 * HERE's wire names that {@linkcode lookup} takes under another name:
 * given as a parameter, each is refused naming ours.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LOOKUP_WIRE_NAMES } from "@ls/search";
 * assert.equal(LOOKUP_WIRE_NAMES.id, "locationId");
 * ```
 */
export const LOOKUP_WIRE_NAMES: Readonly<Record<string, string>> = {
  id: "locationId",
  location_id: "locationId",
};

/**
 * The request {@linkcode lookup} sends, validated: `GET /v1/lookup` on the
 * lookup host with `id` (encoded as content, so `:` becomes `%3A`), `lang`
 * and `show`. Pass it to `client.request` for the raw `Response`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildLookupRequest } from "@ls/search";
 * const spec = buildLookupRequest({ locationId: "here:pds:place:276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2", lang: "en" });
 * assert.equal(spec.query?.toString(), "id=here%3Apds%3Aplace%3A276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2&lang=en");
 * const withTz = buildLookupRequest({ locationId: "here:pds:place:x", show: ["tz", "phonemes"] });
 * assert.equal(withTz.query?.toString(), "id=here%3Apds%3Aplace%3Ax&show=tz,phonemes");
 * assert.throws(
 *   () => buildLookupRequest({ locationid: "here:pds:place:x" } as never),
 *   { message: 'Invalid locationid: is not a parameter of lookup; did you mean "locationId"?' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of lookup, an empty
 * or whitespace-only `locationId`, a malformed `lang` or `politicalView`,
 * or a `show` or `show…` list naming a value HERE does not list
 */
export function buildLookupRequest(params: LookupParams): RequestSpec {
  checkOperation(params, "lookup", lookupKeys(), LOOKUP_WIRE_NAMES);
  const query = setSearchParams(
    new Query().set("id", nonBlankString(params.locationId, "locationId")),
    params,
    LOOKUP_TABLE,
  );
  return { service: "lookup", method: "GET", path: "/v1/lookup", query };
}

/**
 * Fetches one place by the HERE id of an earlier result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { discover, lookup } from "@ls/search";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const found = await discover(client, { query: "coffee", center: [52.52, 13.405], radius: 1000, limit: 1 });
 * const place = await lookup(client, { locationId: found.items[0].id! });
 * assert.equal(place.id, found.items[0].id);
 * assert.equal(place.title, found.items[0].title);
 * assert.equal(place.toGeoJSON().geometry?.type, "Point");
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildLookupRequest}
 * @throws {ApiError} when HERE answers with a status other than 200
 */
export async function lookup(
  client: Client,
  params: LookupParams,
  options?: RequestOptions,
): Promise<LookupResponse> {
  const spec = scrubbing(client, () => buildLookupRequest(params));
  return new LookupResponse(
    await client.requestJson<ResultItem>(spec, options),
  );
}
