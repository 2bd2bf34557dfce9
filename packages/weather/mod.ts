/**
 * `@ls/weather` (work in progress).
 *
 * @module
 */

export {};
