/**
 * `@ls/routing` (work in progress).
 *
 * @module
 */

export {};
