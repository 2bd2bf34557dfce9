// Alternate names of places: the index from a GeoNames cities file, and
// the sorted-name search the gazetteer's prefix queries use.

import type { City } from "./_gazetteer_types.ts";

/** The most names a prefix search looks at (of places' own names, then of alternate names). */
export const MAX_PREFIX_HITS = 20_000;

/** The first index of sorted `names` that is not less than `key`. */
export function lowerBound(names: readonly string[], key: string): number {
  let lo = 0, hi = names.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (names[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Places below this population are found by their own name only: GeoNames
 * names them in the local language already, and their alternate names are
 * mostly transliterations (the threshold is GeoNames' own `cities15000`).
 */
const ALTERNATES_MIN_POPULATION = 15_000;

/**
 * Places (their index) by folded alternate name, from a GeoNames cities file:
 * tab-separated UTF-8 lines of id, name, ASCII name, alternate names
 * (comma-separated), latitude, ...
 */
export function indexAlternates(
  bytes: Uint8Array,
  placeOf: (id: number) => City | undefined,
): Map<string, Places> {
  const decoder = new TextDecoder();
  const byName = new Map<string, Places>();
  for (let pos = 0; pos < bytes.length;) {
    let id = 0, p = pos;
    for (; p < bytes.length && bytes[p] !== 9; p++) {
      id = id * 10 + bytes[p] - 48;
    }
    let end = p;
    while (end < bytes.length && bytes[end] !== 10) end++;
    const city = placeOf(id);
    if (city && city.population >= ALTERNATES_MIN_POPULATION) {
      let from = p + 1;
      for (let tabs = 0; from < end && tabs < 2; from++) {
        if (bytes[from] === 9) tabs++;
      }
      let to = from;
      while (to < end && bytes[to] !== 9) to++;
      if (to > from) {
        addAlternates(byName, city, decoder.decode(bytes.subarray(from, to)));
      }
    }
    pos = end + 1;
  }
  return byName;
}

/**
 * Indexes a place's alternate names (`text`, comma-separated) by their
 * folded form, all folded at once (a name folds as `fold` folds it: lower
 * case, without diacritics, runs of other than letters and digits one
 * space). Left out: codes (`VIE`, the airport) and the machine
 * romanisations GeoNames writes in lower case (`bin`, `dili`), which name
 * other places more often than not.
 */
function addAlternates(
  byName: Map<string, Places>,
  city: City,
  text: string,
): void {
  let folded = text.replace(UNUSABLE, "").toLowerCase();
  if (!ASCII.test(folded)) {
    folded = folded.normalize("NFD").replace(/\p{M}+/gu, "").replace(
      /ß/g,
      "ss",
    );
  }
  if (UNFOLDED.test(folded)) folded = folded.replace(NON_WORD_BUT_COMMA, " ");
  for (let key of folded.split(",")) {
    if (key.startsWith(" ") || key.endsWith(" ")) key = key.trim();
    if (key === "" || key === city.folded) continue;
    const places = byName.get(key);
    if (places === undefined) byName.set(key, city.i);
    else if (typeof places === "number") {
      if (places !== city.i) byName.set(key, [places, city.i]);
    } else if (places[places.length - 1] !== city.i) places.push(city.i);
  }
}

/**
 * The places (indexes) of one alternate name: most names are of one place
 * only, and a number instead of a one-element array is much less for the
 * garbage collector to track.
 */
export type Places = number | number[];

/** The indexes of `places`. */
export function indexes(places: Places | undefined): readonly number[] {
  return places === undefined
    ? []
    : typeof places === "number"
    ? [places]
    : places;
}

const ASCII = /^[\x20-\x7e]*$/;
/** An alternate name in a comma-separated list that starts lower case, or a code. */
const UNUSABLE = /(?<=^|,)(?:\p{Ll}[^,]*|[A-Z0-9]{1,4})(?=,|$)/gu;
/** Whether a folded list has runs of non-word characters still to replace. */
const UNFOLDED = /[^\p{L}\p{N}, ]|^ | $| [ ,]|, /u;
const NON_WORD_BUT_COMMA = /[^\p{L}\p{N},]+/gu;
