/**
 * `@ls/search` (work in progress).
 *
 * @module
 */

export {};
