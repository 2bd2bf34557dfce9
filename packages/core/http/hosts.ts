/**
 * HERE service hosts per region, and the rule for which hosts may receive
 * credentials.
 *
 * @module
 */

/** The region setting: `row` (rest of world, `hereapi.com`) or `china` (`hereapi.cn`). */
export type Country = "row" | "china";

/** The HERE services the client talks to; each has its own host. */
export type Service =
  | "geocode"
  | "revgeocode"
  | "discover"
  | "browse"
  | "lookup"
  | "autosuggest"
  | "autocomplete"
  | "router"
  | "isoline"
  | "matrix"
  | "weather"
  | "tourplanning";

/** Each service's host name before the region's domain, in a stable order. */
const HOSTS =
  "geocode.search revgeocode.search discover.search browse.search lookup.search autosuggest.search autocomplete.search router isoline.router matrix.router weather tourplanning";

/**
 * The services, in the order of {@linkcode HOSTS}: listed, not derived from
 * it, since a regular expression costs more at import than the list.
 */
export const SERVICES: readonly Service[] = [
  "geocode",
  "revgeocode",
  "discover",
  "browse",
  "lookup",
  "autosuggest",
  "autocomplete",
  "router",
  "isoline",
  "matrix",
  "weather",
  "tourplanning",
];

/** Each service's host prefix, made on the first request. */
let hostPrefix: Record<string, string> | undefined;

/**
 * The `https://` origin of a service in a region.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serviceOrigin } from "./hosts.ts";
 * assert.equal(serviceOrigin("revgeocode", "row"), "https://revgeocode.search.hereapi.com");
 * assert.equal(serviceOrigin("router", "china"), "https://router.hereapi.cn");
 * ```
 */
export function serviceOrigin(service: Service, country: Country): string {
  hostPrefix ??= Object.fromEntries(
    HOSTS.split(" ").map((host) => [host.split(".")[0], host]),
  );
  return `https://${hostPrefix[service]}.hereapi.${
    country === "china" ? "cn" : "com"
  }`;
}

/**
 * The default OAuth token endpoint of a region.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultTokenUrl } from "./hosts.ts";
 * assert.equal(defaultTokenUrl("row"), "https://account.api.here.com/oauth2/token");
 * assert.equal(defaultTokenUrl("china"), "https://elb.cn-northwest-1.account.hereapi.cn/oauth2/token");
 * ```
 */
export function defaultTokenUrl(country: Country): string {
  return country === "china"
    ? "https://elb.cn-northwest-1.account.hereapi.cn/oauth2/token"
    : "https://account.api.here.com/oauth2/token";
}

/**
 * True when a host belongs to HERE (`*.hereapi.com`, `*.hereapi.cn`,
 * `*.here.com`) and may therefore receive credentials.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isHereHost } from "./hosts.ts";
 * assert.equal(isHereHost("aws-eu-west-1.matrix.router.hereapi.com"), true);
 * assert.equal(isHereHost("bucket.s3.amazonaws.com"), false);
 * assert.equal(isHereHost("hereapi.com.example.org"), false);
 * ```
 */
export function isHereHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, "");
  return [".hereapi.com", ".hereapi.cn", ".here.com"].some((s) =>
    h.endsWith(s)
  );
}
