// The brand that makes `instanceof` work across copies of the package: an
// error carries the kinds of its classes under a registry-wide symbol.

/** The key under which an error carries the kinds of its classes. */
export const KIND: unique symbol = Symbol.for("@ls/core.error.kind") as never;

/** Whether `value` carries the brand of `kind` (any copy of the package). */
export function hasKind(value: unknown, kind: string): boolean {
  if (typeof value !== "object" || value === null) return false;
  const kinds = Reflect.get(value, KIND);
  return Array.isArray(kinds) && kinds.includes(kind);
}
