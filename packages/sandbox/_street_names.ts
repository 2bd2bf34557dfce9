// Street names for the sandbox's generated cities. A city is a rotated square
// lattice whose lines are its streets; every line gets a name that fits the
// country's language, line 0 of each axis being the main street. Names are
// drawn from small per-language lists (roots × street types, then modifiers
// or people's names for more), shuffled per city, so that no two lines of a
// city share a name and a name leads back to its line.

import { fold, hash32, random } from "./_util.ts";
import { type Lang, languageOf } from "./_street_words.ts";

/** The lattice lines of a city run from -LINES to LINES on each axis. */
const LINES = 400;
const SPAN = 2 * LINES + 1;

interface City {
  readonly lang: Lang;
  /** US grid: lines 1.. of axis 0 are `1st Street`…, of axis 1 `1st Avenue`…. */
  readonly numbered: boolean;
  /** Seeds the shuffling of the parts of names. */
  readonly salt: number;
  /** Per tier, per slot: the city's order of that slot's words. */
  readonly perms: readonly (readonly Uint16Array[])[];
  /** Sorted `hash32(canonical name) * 2048 + line index`, built on first lookup. */
  index?: Float64Array;
}

const CACHE_SIZE = 256;
const cache = new Map<string, City>();

function cityOf(country: string, seed: number): City {
  const cc = country.toUpperCase();
  const key = `${cc}|${seed}`;
  let city = cache.get(key);
  if (city) {
    cache.delete(key);
  } else {
    const lang = languageOf(cc, seed);
    city = {
      lang,
      numbered: cc === "US" && hash32("street-grid", seed) % 2 === 0,
      salt: hash32("street-mix", cc, seed),
      perms: lang.tiers.map((tier, t) =>
        tier.slots.map((words, s) => {
          const rand = random(hash32("streets", cc, seed, t, s));
          const perm = Uint16Array.from(words, (_, i) => i);
          for (let i = perm.length - 1; i > 0; i--) {
            const j = Math.floor(rand() * (i + 1));
            [perm[i], perm[j]] = [perm[j], perm[i]];
          }
          return perm;
        })
      ),
    };
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, city);
  return city;
}

function ordinal(n: number): string {
  const tens = n % 100, ones = n % 10;
  const suffix = tens >= 11 && tens <= 13
    ? "th"
    : ones === 1
    ? "st"
    : ones === 2
    ? "nd"
    : ones === 3
    ? "rd"
    : "th";
  return `${n}${suffix}`;
}

/** An integer hash (lowbias32): 32 bits in, 32 bits out. */
function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

/** The `k`-th name of the city's tiers (k from 0, central lines first). */
function tierName(city: City, k: number): string {
  const { tiers } = city.lang;
  for (let t = 0; t < tiers.length; t++) {
    const { slots, render } = tiers[t];
    const size = slots.reduce((n, words) => n * words.length, 1);
    if (k >= size) {
      k -= size;
      continue;
    }
    // Mixed radix, each digit shifted by a hash of the ones before it (still
    // one name per k) so that neighbouring lines differ in every part and
    // the street types do not follow the axes.
    const parts: string[] = [];
    let rest = k, shift = city.salt;
    for (let s = 0; s < slots.length; s++) {
      const n = slots[s].length, digit = rest % n;
      rest = (rest - digit) / n;
      parts.push(slots[s][city.perms[t][s][(digit + shift) % n]]);
      shift = mix(shift + digit);
    }
    return render(parts);
  }
  throw new RangeError("The language has too few street names");
}

function nameAt(city: City, axis: 0 | 1, line: number): string {
  if (city.numbered && line > 0) {
    return `${ordinal(line)} ${axis === 0 ? "Street" : "Avenue"}`;
  }
  if (line === 0) return city.lang.main[axis];
  const d = Math.abs(line) - 1;
  return tierName(
    city,
    city.numbered ? d * 2 + axis : (d * 2 + (line < 0 ? 1 : 0)) * 2 + axis,
  );
}

const LETTERS: Record<string, string> = {
  ł: "l",
  ø: "o",
  æ: "ae",
  œ: "oe",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** The form names are compared in: folded, abbreviations expanded, no spaces. */
function canonical(lang: Lang, name: string): string {
  let s = fold(name).replace(/[łøæœđðþı]/g, (c) => LETTERS[c]);
  for (const [re, to] of lang.pre ?? []) s = s.replace(re, to);
  let out = "";
  for (const t of s.split(" ")) {
    out += lang.abbr.get(t) ?? (lang.token ? lang.token(t) : t);
  }
  return lang.umlauts ? out.replace(/([aou])e/g, "$1") : out;
}

function checkLine(axis: number, line: number): void {
  if (axis !== 0 && axis !== 1) {
    throw new RangeError(`Axis must be 0 or 1, got ${axis}`);
  }
  if (!Number.isInteger(line) || line < -LINES || line > LINES) {
    throw new RangeError(
      `Line must be an integer from ${-LINES} to ${LINES}, got ${line}`,
    );
  }
}

/**
 * The name of lattice line `line` (an integer, -400..400) along `axis` (0 or
 * 1) of the city with GeoNames-style `seed` (an integer) in country `country`
 * (ISO alpha-2). Line 0 of each axis is a main street; no two lines of a city
 * share a name.
 */
export function streetName(
  country: string,
  seed: number,
  axis: 0 | 1,
  line: number,
): string {
  checkLine(axis, line);
  return nameAt(cityOf(country, seed), axis, line);
}

function buildIndex(city: City): Float64Array {
  const index = new Float64Array(2 * SPAN);
  let n = 0;
  for (const axis of [0, 1] as const) {
    for (let line = -LINES; line <= LINES; line++) {
      const key = canonical(city.lang, nameAt(city, axis, line));
      index[n] = hash32(key) * 2048 + n++;
    }
  }
  return index.sort();
}

function lookup(
  city: City,
  key: string,
): { axis: 0 | 1; line: number } | undefined {
  const index = city.index ??= buildIndex(city);
  const h = hash32(key), target = h * 2048;
  let lo = 0, hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  // Equal hashes are neighbours; the name itself decides.
  for (; lo < index.length && Math.floor(index[lo] / 2048) === h; lo++) {
    const i = index[lo] % 2048;
    const axis = i < SPAN ? 0 : 1, line = (i % SPAN) - LINES;
    if (canonical(city.lang, nameAt(city, axis, line)) === key) {
      return { axis, line };
    }
  }
  return undefined;
}

/**
 * The `(axis, line)` whose {@linkcode streetName} is `name`, or undefined.
 * Names compare case- and accent-insensitively, with common abbreviations
 * expanded (`Lindenstr.`, `Oak St`, `5th Ave`, `Bd Voltaire`, `C/ Mayor`,
 * `ul. Polna`); in Romance languages and Polish the usual street type may be
 * left out (`Victor Hugo` for `Rue Victor Hugo`).
 */
export function findStreet(
  country: string,
  seed: number,
  name: string,
): { axis: 0 | 1; line: number } | undefined {
  const city = cityOf(country, seed);
  const key = canonical(city.lang, name);
  if (!key) return undefined;
  return lookup(city, key) ??
    (city.lang.bare && !key.startsWith(city.lang.bare)
      ? lookup(city, city.lang.bare + key)
      : undefined);
}

/**
 * Motorway and trunk numbering: a template (`#` for the number) and the
 * numbers, a range `lo-hi` or a list.
 */
type Numbering = readonly [string, string];
type Roads = readonly [motorway: Numbering, trunk: Numbering];

const ROADS = new Map<string, Roads>(Object.entries({
  DE: [["A #", "1-99"], ["B #", "1-500"]],
  AT: [["A #", "1-26"], ["B #", "1-320"]],
  CH: [["A#", "1-28"], ["H#", "1-30"]],
  FR: [["A#", "1-89"], ["N#", "1-250"]],
  IT: [["A#", "1-33"], ["SS#", "1-700"]],
  ES: [["A-#", "1-92"], ["N-#", "1-640"]],
  PT: [["A#", "1-44"], ["EN#", "1-398"]],
  NL: [["A#", "1-79"], ["N#", "200-999"]],
  BE: [["E#", "17 19 25 34 40 42 313 314 403 411 429"], ["N#", "1-99"]],
  LU: [["A#", "1-13"], ["N#", "1-28"]],
  PL: [["A#", "1 2 4 6 8 18 50"], ["DK#", "1-99"]],
  DK: [["E#", "20 39 45 47 55"], ["Rute #", "1-40"]],
  SE: [["E#", "4 6 10 12 14 16 18 20 22 45 65"], ["Rv #", "23-99"]],
  NO: [["E#", "6 8 10 16 18 39 134 136"], ["Rv#", "2-99"]],
  FI: [["E#", "8 12 18 63 75"], ["VT#", "1-27"]],
  GB: [["M#", "1-90"], ["A#", "1-999"]],
  IE: [["M#", "1-50"], ["N#", "1-99"]],
  US: [
    ["I-#", "5 8 10 15 20 25 30 35 40 45 55 64 65 70 75 80 85 90 94 95"],
    ["US-#", "1-101"],
  ],
  CA: [["Hwy #", "400-427"], ["Hwy #", "1-199"]],
  AU: [["M#", "1-80"], ["A#", "1-99"]],
  NZ: [["SH#", "1-99"], ["SH#", "1-99"]],
  MX: [["MEX-#D", "1-200"], ["MEX-#", "1-200"]],
  BR: [["BR-#", "101-499"], ["BR-#", "101-499"]],
  AR: [["RN #", "1-40"], ["RN #", "1-40"]],
  JP: [["E#", "1-99"], ["Route #", "1-507"]],
  CN: [["G#", "1-99"], ["G#", "101-228"]],
  IN: [["NE#", "1-9"], ["NH#", "1-999"]],
  RU: [["M-#", "1-12"], ["R-#", "21-504"]],
  TR: [["O-#", "1-52"], ["D#", "100-990"]],
  ZA: [["N#", "1-18"], ["R#", "21-80"]],
}));
/** European countries without an entry: E-roads, class A for motorways, B for trunk roads. */
const EUROPE = new Set(
  "AD AL BA BG BY CY CZ EE FO GI GR HR HU IS IM LI LT LV MC MD ME MK MT RO RS SI SK SM UA VA XK"
    .split(" "),
);
const E_ROADS: Roads = [["E#", "5-99"], ["E#", "101-999"]];
const OTHER_ROADS: Roads = [["M#", "1-99"], ["A#", "1-999"]];

/**
 * The number of a main road between cities, deterministic from `seed`: `A 9`
 * or `B 2` in Germany, `A6` or `N7` in France, `SS1` in Italy, `I-95` or
 * `US-1` in the US, `M1` or `A1` in Britain, E-roads elsewhere in Europe.
 */
export function roadNumber(
  country: string,
  roadClass: "motorway" | "trunk",
  seed: number,
): string {
  const cc = country.toUpperCase();
  const roads = ROADS.get(cc) ?? (EUROPE.has(cc) ? E_ROADS : OTHER_ROADS);
  const [template, numbers] = roads[roadClass === "motorway" ? 0 : 1];
  const h = hash32("road", cc, roadClass, seed);
  const range = /^(\d+)-(\d+)$/.exec(numbers);
  const list = numbers.split(" ");
  const n = range
    ? Number(range[1]) + h % (Number(range[2]) - Number(range[1]) + 1)
    : list[h % list.length];
  return template.replace("#", String(n));
}
