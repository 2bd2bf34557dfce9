/**
 * `@ls/matrix` (work in progress).
 *
 * @module
 */

export {};
