// `offset`, the paging parameter of discover, browse and autosuggest: how
// many results to skip, which HERE takes only together with `limit`.

import { ValueError } from "@ls/core";
import { nonNegativeInteger, parseWith } from "@ls/core/internal";

/**
 * The checked `offset`: an integer from 0, given only with `limit`;
 * `undefined` passes.
 *
 * @throws {ValueError} for a negative or fractional offset, or one without
 * `limit`
 */
export function offsetValue(
  offset: unknown,
  limit: unknown,
): number | undefined {
  if (offset === undefined) return undefined;
  const value = parseWith(nonNegativeInteger(), offset, "offset");
  if (limit === undefined) {
    throw new ValueError("offset", "requires limit (the size of a page)");
  }
  return value;
}
