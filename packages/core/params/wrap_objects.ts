// Typed views of the lists in a parsed body.

/**
 * Wraps each entry of a list from a parsed body: `wrap(entry, index)` for
 * every entry that is an object, `index` being its position in `list`.
 * Entries that are not objects (a malformed body) are left out, and a
 * missing or non-array `list` gives `[]`, so a typed response can be built
 * from whatever the server sent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrapObjects } from "@ls/core/internal";
 * const ids = wrapObjects([{ id: "a" }, null, 7, { id: "b" }], (o: { id: string }, i) => `${o.id}@${i}`);
 * assert.deepEqual(ids, ["a@0", "b@3"]);
 * assert.deepEqual(wrapObjects(undefined, (o: object) => o), []);
 * ```
 */
export function wrapObjects<E extends object, T>(
  list: unknown,
  wrap: (entry: E, index: number) => T,
): T[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown, index) =>
    typeof entry === "object" && entry !== null ? [wrap(entry as E, index)] : []
  );
}
