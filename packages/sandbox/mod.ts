/**
 * `@ls/sandbox` (work in progress).
 *
 * @module
 */

export {};
