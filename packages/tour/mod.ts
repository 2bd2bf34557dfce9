/**
 * `@ls/tour` (work in progress).
 *
 * @module
 */

export {};
