/**
 * `@ls/geocoding` (work in progress).
 *
 * @module
 */

export {};
