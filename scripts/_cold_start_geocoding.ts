// `@ls/geocoding` as the cold-start benchmark (scripts/cold_start.ts) bundles
// it: a geocode call needs a `Client` from `@ls/core`, which the package's
// entry does not export.
export * from "@ls/geocoding";
export { Client } from "@ls/core";
