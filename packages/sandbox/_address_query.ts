// Free-text and qualified (`qq`) address queries: which parts name the
// country, state, city, street, house number and postal code; and the
// places that best match a name.

import type { Ctx } from "./_http.ts";
import {
  type City,
  type Country,
  type Gazetteer,
  nameWeight,
  US_STATES,
} from "./_gazetteer.ts";
import { structured } from "./_query.ts";
import { illegal } from "./_search_params.ts";
import { fold, round } from "./_util.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";

/** The parts of an address query that were recognised. */
export interface AddressQuery {
  cityText?: string;
  country?: Country;
  stateCode?: string;
  street?: string;
  houseNumber?: string;
  postalCode?: string;
  /** Parts that were recognised, for `fieldScore`. */
  fields: Set<string>;
}

const STREET_WORDS =
  /(str|strasse|straße|street|st|road|rd|avenue|ave|weg|platz|allee|gasse|lane|ln|way|blvd|boulevard|drive|dr|place|pl|square|sq|ring|damm|ufer|via|rue|calle|avenida|laan|straat|gata|vej|utca|ulica)\.?$/i;

function isStreetPart(part: string): boolean {
  const tokens = part.trim().split(/\s+/);
  const hasNumber = tokens.some((t) => /^\d+[a-zA-Z]?$/.test(t));
  // A road number (A9, N210, SS1, I-95) names a road too.
  const hasWord = tokens.some((t) =>
    /\p{L}{2,}/u.test(t) || /^[A-Z]{1,3}-?\d{1,4}$/.test(t)
  );
  return (hasNumber && hasWord) ||
    tokens.some((t) => STREET_WORDS.test(t) && t.length > 3);
}

function splitStreet(part: string): { street: string; houseNumber?: string } {
  const tokens = part.trim().split(/\s+/);
  // The number before the name ("1 Rue du 8 Mai 1945") or after it
  // ("Rue du 8 Mai 1945 1"): numbers inside a name are part of it.
  const isNumber = (t: string) => /^\d+[a-zA-Z]?(-\d+)?$/.test(t);
  const idx = isNumber(tokens[0]) && tokens.length > 1
    ? 0
    : isNumber(tokens[tokens.length - 1])
    ? tokens.length - 1
    : tokens.findIndex(isNumber);
  if (idx < 0) return { street: part.trim() };
  const houseNumber = tokens[idx];
  const street = tokens.filter((_, i) => i !== idx).join(" ");
  return { street, houseNumber };
}

/** The country a text names by code (`DE`, `DEU`) or name (`Germany`). */
export function countryFromText(
  g: Gazetteer,
  text: string,
): Country | undefined {
  const trimmed = text.trim();
  if (/^[A-Z]{2,3}$/.test(trimmed)) {
    const byCode = g.country(trimmed);
    if (byCode) return byCode;
  }
  return g.countryByName(fold(trimmed));
}

/** Splits a free-text query (`q`) into address parts. */
export function parseFreeText(g: Gazetteer, q: string): AddressQuery {
  const out: AddressQuery = { fields: new Set() };
  let parts = q.split(",").map((s) => s.trim()).filter(Boolean);
  if (parts.length > 1) {
    const last = parts[parts.length - 1];
    // "Street 1, Franca" names the town Franca, not France in Portuguese.
    const onlyCity = parts.length === 2 && isStreetPart(parts[0]) &&
      g.exact(fold(last)).length > 0;
    const country = onlyCity ? undefined : countryFromText(g, last);
    if (country) {
      out.country = country;
      parts = parts.slice(0, -1);
    }
  }
  // A US state code after the city: "Springfield, IL".
  if (
    parts.length > 1 && /^[A-Z]{2}(\s+\d{5})?$/.test(parts[parts.length - 1])
  ) {
    const [code, zip] = parts[parts.length - 1].split(/\s+/);
    if (US_STATES[code]) {
      out.stateCode = code;
      if (zip) out.postalCode = zip;
      out.country ??= g.country("US");
      parts = parts.slice(0, -1);
    }
  }
  const cityParts: string[] = [];
  for (const part of parts) {
    let rest = part;
    const postal = /(^|\s)(\d{4,6})(\s|$)/.exec(rest);
    if (
      postal && parts.length > 1 && !isStreetPart(rest.replace(postal[2], ""))
    ) {
      out.postalCode = postal[2];
      rest = rest.replace(postal[2], "").trim();
    }
    if (!rest) continue;
    if (parts.length > 1 && isStreetPart(rest) && !out.street) {
      Object.assign(out, splitStreet(rest));
    } else {
      cityParts.push(rest);
    }
  }
  if (cityParts.length === 0) return out;
  // The last part that names a place is the city; earlier ones may be districts.
  for (let i = cityParts.length - 1; i >= 0; i--) {
    if (g.exact(fold(cityParts[i])).length) {
      out.cityText = cityParts[i];
      return out;
    }
  }
  // One part without commas: "Invalidenstr 116 Berlin" or "Paris France".
  const tokens = cityParts[cityParts.length - 1].split(/\s+/);
  if (!out.country && tokens.length > 1) {
    for (let n = Math.min(3, tokens.length - 1); n >= 1; n--) {
      const country = countryFromText(g, tokens.slice(-n).join(" "));
      if (country) {
        out.country = country;
        tokens.splice(tokens.length - n, n);
        break;
      }
    }
  }
  for (let n = Math.min(4, tokens.length); n >= 1; n--) {
    const cand = tokens.slice(-n).join(" ");
    if (g.exact(fold(cand)).length) {
      out.cityText = cand;
      const head = tokens.slice(0, -n).join(" ");
      if (head && !out.street) {
        const postal = /(^|\s)(\d{4,6})$/.exec(head);
        const streetText = postal && isStreetPart(head.slice(0, postal.index))
          ? head.slice(0, postal.index)
          : head;
        if (postal && streetText !== head) out.postalCode = postal[2];
        if (isStreetPart(streetText)) {
          Object.assign(out, splitStreet(streetText));
        }
      }
      return out;
    }
  }
  if (tokens.length === 0) return out;
  out.cityText = tokens.join(" ");
  return out;
}

/** Parses a qualified query (`qq=city=Berlin;street=...`); undefined without `qq`. */
export function parseQq(g: Gazetteer, ctx: Ctx): AddressQuery | undefined {
  const raw = ctx.params.raw("qq");
  if (raw === undefined) return undefined;
  const { text, decodePiece } = structured(raw, /[;=]/);
  const out: AddressQuery = { fields: new Set() };
  for (const field of text.split(";")) {
    const eq = field.indexOf("=");
    if (eq < 1) {
      illegal(
        "qq",
        ctx.params.get("qq")!,
        "Use field=value pairs joined by ';'",
      );
    }
    const key = field.slice(0, eq);
    const value = decodePiece(field.slice(eq + 1)).trim();
    switch (key) {
      case "country": {
        const country = countryFromText(g, value);
        if (!country) {
          illegal("qq", ctx.params.get("qq")!, `Unknown country '${value}'`);
        }
        out.country = country;
        break;
      }
      case "state":
        if (US_STATES[value.toUpperCase()]) out.stateCode = value.toUpperCase();
        break;
      case "city":
        out.cityText = value;
        break;
      case "district":
        out.cityText ??= value;
        break;
      case "street":
        out.street = value;
        break;
      case "houseNumber":
        out.houseNumber = value;
        break;
      case "postalCode":
        out.postalCode = value;
        break;
      case "county":
        break;
      default:
        illegal("qq", ctx.params.get("qq")!, `Unknown field '${key}'`);
    }
  }
  return out;
}

/** A place that matches a name, and how well. */
export interface Ranked {
  city: City;
  quality: number;
  score: number;
}

/**
 * Places named `text` (exactly, else by prefix; by their own or an
 * alternate name) that pass `filter`, best first by a score of match
 * quality, population and nearness to `at`.
 */
export function rankCities(
  g: Gazetteer,
  text: string,
  filter: (c: City) => boolean,
  at?: LatLngLike,
): Ranked[] {
  const folded = fold(text);
  if (!folded) return [];
  let matches = g.exactHits(folded).filter((h) => filter(h.city)).map((
    hit,
  ) => ({ hit, quality: 1 }));
  if (matches.length === 0) {
    matches = g.prefixHits(folded, 200).filter((h) => filter(h.city)).map((
      hit,
    ) => ({
      hit,
      quality: round(Math.min(0.95, folded.length / hit.name.length), 2),
    }));
  }
  return matches
    .map(({ hit, quality }) => ({
      city: hit.city,
      quality,
      // An alternate name ranks its place as one a hundred times smaller.
      score: quality * 10 + Math.log10(nameWeight(hit) + 1) -
        (at ? haversineMeters(at, hit.city) / 300_000 : 0),
    }))
    .sort((a, b) => b.score - a.score || a.city.i - b.city.i);
}

/** The best place for free text (weather's `q`): a city, or a country's capital. */
export function bestPlace(g: Gazetteer, q: string): City | undefined {
  const parsed = parseFreeText(g, q);
  const country = parsed.country ??
    (parsed.cityText && !g.exact(fold(parsed.cityText)).length
      ? countryFromText(g, parsed.cityText)
      : undefined);
  if (parsed.cityText && !(country && !parsed.country)) {
    const filter = (c: City) =>
      (!parsed.country || c.country === parsed.country.cca2) &&
      (!parsed.stateCode || c.adminCode === parsed.stateCode);
    return rankCities(g, parsed.cityText, filter)[0]?.city;
  }
  if (!country) return undefined;
  let best: City | undefined;
  for (const c of g.cities) {
    if (c.country !== country.cca2) continue;
    const capital = c.featureCode === "PPLC";
    const bestCapital = best?.featureCode === "PPLC";
    if (
      !best || (capital && !bestCapital) ||
      (capital === bestCapital && c.population > best.population)
    ) {
      best = c;
    }
  }
  return best;
}
