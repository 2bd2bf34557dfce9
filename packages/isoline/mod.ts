/**
 * `@ls/isoline` (work in progress).
 *
 * @module
 */

export {};
