// Geocoding & Search v7: `GET /v1/discover`, `/v1/browse`, `/v1/lookup`
// and `/v1/autosuggest` over the gazetteer and its points of interest.

import { encodeContent } from "@ls/core/internal";
import { type Ctx, json, searchError } from "./_http.ts";
import {
  type City,
  type Gazetteer,
  loadGazetteer,
  nameWeight,
} from "./_gazetteer.ts";
import {
  addressById,
  addressItem,
  cityItem,
  countryItem,
  type Item,
  poiItem,
} from "./_places.ts";
import {
  CATEGORIES,
  categoriesInText,
  categoriesMatching,
  cityPois,
  type Poi,
  poiById,
  poiName,
} from "./_pois.ts";
import {
  areaFilter,
  checkCommon,
  checkTextQuery,
  illegal,
  missing,
  withShow,
} from "./_search_params.ts";
import {
  corridorSamples,
  distanceToCorridor,
  parseOffset,
  searchContext,
} from "./_search_route.ts";
import { fold, round } from "./_util.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";

interface PoiHit {
  poi: Poi;
  distance: number;
}

const RADII = [3_000, 10_000, 30_000, 80_000, 250_000, 1_000_000];

/** Points of interest nearest to `center`, filtered, up to `limit`. */
function searchPois(
  g: Gazetteer,
  center: LatLngLike,
  options: {
    cats?: readonly number[];
    accept: (p: LatLngLike) => boolean;
    cityFilter: (c: City) => boolean;
    name?: (poi: Poi) => boolean;
    limit: number;
    maxRadius: number;
  },
): PoiHit[] {
  let hits: PoiHit[] = [];
  for (const r of RADII) {
    const radius = Math.min(r, options.maxRadius);
    hits = [];
    const cities = g.within(center, radius + 60_000, options.cityFilter);
    for (const { city } of cities) {
      for (const poi of cityPois(city, options.cats)) {
        const distance = haversineMeters(center, poi);
        if (distance > radius || !options.accept(poi)) continue;
        if (options.name && !options.name(poi)) continue;
        hits.push({ poi, distance });
      }
    }
    if (hits.length >= options.limit || radius >= options.maxRadius) break;
  }
  hits.sort((a, b) => a.distance - b.distance || poiOrder(a.poi, b.poi));
  return hits.slice(0, options.limit);
}

function poiOrder(a: Poi, b: Poi): number {
  return a.city.i - b.city.i || a.cat - b.cat || a.n - b.n;
}

function poiResult(
  g: Gazetteer,
  hit: PoiHit,
  lang: readonly string[],
  center?: LatLngLike,
): Item {
  const item = poiItem(g, hit.poi, lang);
  if (center) item.distance = Math.round(hit.distance);
  return item;
}

/** `GET /v1/discover`. */
export async function discover(ctx: Ctx): Promise<Response> {
  const checked = checkTextQuery(ctx, "discover");
  const { common, q } = checked;
  const { corridor, center } = searchContext(ctx, common, checked.center);
  const offset = parseOffset(ctx);
  const want = offset + common.limit;
  const { area } = common;
  const g = await loadGazetteer();
  if (corridor) {
    const hits = alongRoute(
      g,
      corridor,
      areaFilter(g, area),
      want,
      (poi) => matchesText(poi, fold(q)),
    );
    return json({
      items: hits.slice(offset).map((h) =>
        withShow(poiResult(g, h, common.lang, center), common.show, g)
      ),
    });
  }
  const filter = areaFilter(g, area);
  const folded = fold(q);
  const items: Item[] = [];

  const cities = g.exact(folded).filter(filter.city)
    .map((city) => ({ city, d: haversineMeters(center, city) }))
    .filter(({ d }) =>
      area && area.type !== "countryCode" ? true : d <= 1_000_000
    )
    .sort((a, b) => a.d - b.d);
  for (const { city, d } of cities.slice(0, want)) {
    items.push({ ...cityItem(g, city, common.lang), distance: Math.round(d) });
  }

  const cats = categoriesInText(folded);
  const tokens = folded.split(" ").filter((t) => t.length > 1);
  const maxRadius = area?.type === "circle" ? area.r : 250_000;
  if (items.length < want) {
    const hits = searchPois(g, center, {
      cats: cats.length ? cats : undefined,
      accept: filter.point,
      cityFilter: filter.city,
      name: cats.length ? undefined : (poi) => {
        const name = fold(poiName(poi));
        return tokens.length > 0 && tokens.every((t) => name.includes(t));
      },
      limit: want - items.length,
      maxRadius,
    });
    for (const hit of hits) items.push(poiResult(g, hit, common.lang, center));
  }
  return json({
    items: items.slice(offset).map((i) => withShow(i, common.show, g)),
  });
}

/** Whether a point of interest answers the free text `folded`. */
function matchesText(poi: Poi, folded: string): boolean {
  const cats = categoriesInText(folded);
  if (cats.length) return cats.includes(poi.cat);
  const name = fold(poiName(poi));
  const tokens = folded.split(" ").filter((t) => t.length > 1);
  return tokens.length > 0 && tokens.every((t) => name.includes(t));
}

/**
 * Points of interest within the corridor, up to `limit`, in the order the
 * route passes them (so that pages follow on without repeats).
 */
function alongRoute(
  g: Gazetteer,
  corridor: { points: LatLngLike[]; width: number },
  filter: { point: (p: LatLngLike) => boolean; city: (c: City) => boolean },
  limit: number,
  accept: (poi: Poi) => boolean,
): PoiHit[] {
  const samples = corridorSamples(corridor);
  const seen = new Set<string>();
  const hits: PoiHit[] = [];
  for (const s of samples) {
    const near = searchPois(g, s, {
      accept: (p) => filter.point(p),
      cityFilter: filter.city,
      name: accept,
      limit: 1_000,
      maxRadius: corridor.width,
    });
    for (const hit of near) {
      const key = `${hit.poi.city.i}:${hit.poi.cat}:${hit.poi.n}`;
      if (seen.has(key)) continue;
      seen.add(key);
      hits.push({
        poi: hit.poi,
        distance: distanceToCorridor(samples, hit.poi),
      });
      if (hits.length >= limit) return hits;
    }
  }
  return hits;
}

/** `GET /v1/browse`. */
export async function browse(ctx: Ctx): Promise<Response> {
  const common = checkCommon(ctx, "browse", 20);
  const { corridor, center } = searchContext(ctx, common, common.at);
  const offset = parseOffset(ctx);
  const catText = ctx.params.get("categories");
  let cats: number[] | undefined;
  if (catText !== undefined) {
    const ids = catText.split(",");
    for (const id of ids) {
      if (!/^\d{3}(-\d{4}(-\d{4})?)?$/.test(id)) {
        illegal("categories", catText, `Invalid category id '${id}'`);
      }
    }
    cats = categoriesMatching(ids);
  }
  const foodTypes = ctx.params.get("foodTypes");
  const name = ctx.params.get("name");
  const g = await loadGazetteer();
  const filter = areaFilter(g, common.area);
  const nameFold = name === undefined ? undefined : fold(name);
  const wanted = (poi: Poi) =>
    (!cats || cats.includes(poi.cat)) &&
    (nameFold === undefined || fold(poiName(poi)).includes(nameFold));
  const hits = cats && cats.length === 0
    ? []
    : corridor
    ? alongRoute(g, corridor, filter, offset + common.limit, wanted)
    : searchPois(g, center, {
      cats: foodTypes !== undefined
        ? (cats ?? [0]).filter((c) => CATEGORIES[c].id.startsWith("100-"))
        : cats,
      accept: filter.point,
      cityFilter: filter.city,
      name: nameFold === undefined
        ? undefined
        : (poi) => fold(poiName(poi)).includes(nameFold),
      limit: offset + common.limit,
      maxRadius: 250_000,
    });
  return json({
    items: hits.slice(offset).map((h) =>
      withShow(poiResult(g, h, common.lang, center), common.show, g)
    ),
  });
}

/** Resolves any id the sandbox hands out. */
function itemById(
  g: Gazetteer,
  id: string,
  lang: readonly string[],
): Item | undefined {
  const place = /^here:cm:namedplace:(\d+)$/.exec(id);
  if (place) {
    const city = g.byId(Number(place[1]));
    return city ? cityItem(g, city, lang) : undefined;
  }
  const country = /^here:cm:namedplace:country-([A-Z]{3})$/.exec(id);
  if (country) {
    const c = g.country(country[1]);
    return c ? countryItem(g, c, lang) : undefined;
  }
  const poi = poiById(g, id);
  if (poi) return poiItem(g, poi, lang);
  const address = addressById(g, id);
  if (address) return addressItem(g, address, lang);
  return undefined;
}

/** `GET /v1/lookup`. */
export async function lookup(ctx: Ctx): Promise<Response> {
  const common = checkCommon(ctx, "lookup", 1);
  const id = ctx.params.get("id");
  if (id === undefined) missing("id");
  if (!/^here:[a-z]+:[a-zA-Z]+:\S+$/.test(id)) {
    illegal("id", id, "Use an id from an earlier result");
  }
  const g = await loadGazetteer();
  const item = itemById(g, id, common.lang);
  if (!item) {
    throw searchError(
      404,
      "Not Found",
      `No result with id '${id}'`,
      "Use an id from an earlier result",
    );
  }
  return json(withShow(item, common.show, g));
}

/** `GET /v1/autosuggest`. */
export async function autosuggest(ctx: Ctx): Promise<Response> {
  const checked = checkTextQuery(ctx, "autosuggest");
  const { common, q } = checked;
  const { center } = searchContext(ctx, common, checked.center);
  const { area } = common;
  const termsText = ctx.params.get("termsLimit");
  let termsLimit = 5;
  if (termsText !== undefined) {
    if (!/^\d+$/.test(termsText) || Number(termsText) > 10) {
      illegal("termsLimit", termsText, "Use an integer from 0 to 10");
    }
    termsLimit = Number(termsText);
  }
  const g = await loadGazetteer();
  const filter = areaFilter(g, area);
  const folded = fold(q);
  const lastStart = q.search(/\S+\s*$/);
  const last = fold(q.slice(lastStart));
  const queryItems: Item[] = [];
  const queryTerms: Record<string, unknown>[] = [];
  const highlight = (title: string) => {
    const f = fold(title);
    return f.startsWith(folded)
      ? [{ start: 0, end: Math.min(title.length, q.trim().length) }]
      : [];
  };

  CATEGORIES.forEach((cat) => {
    const words = [fold(cat.name), ...cat.keywords];
    if (!words.some((w) => w.startsWith(folded))) return;
    if (queryItems.length < 2) {
      queryItems.push({
        title: cat.name,
        id: `here:cm:category:${cat.id}`,
        resultType: "categoryQuery",
        href: `${ctx.origin}/v1/discover?q=${encodeContent(cat.name)}&at=${
          round(center.lat, 5)
        },${round(center.lng, 5)}`,
        highlights: { title: highlight(cat.name) },
      });
    }
  });
  if (last) {
    const seen = new Set<string>();
    for (const cat of CATEGORIES) {
      for (const word of [fold(cat.name), ...cat.keywords]) {
        if (queryTerms.length >= termsLimit) break;
        if (word.startsWith(last) && word !== last && !seen.has(word)) {
          seen.add(word);
          queryTerms.push({
            term: word,
            replaces: q.slice(lastStart).trim(),
            start: lastStart,
            end: lastStart + q.slice(lastStart).trim().length,
          });
        }
      }
    }
  }

  const entities: { item: Item; score: number }[] = [];
  for (const hit of g.prefixHits(folded, 300)) {
    const city = hit.city;
    if (!filter.city(city)) continue;
    const d = haversineMeters(center, city);
    const item = cityItem(g, city, common.lang);
    item.distance = Math.round(d);
    item.highlights = {
      title: highlight(item.title as string),
      address: { label: highlight(item.title as string) },
    };
    entities.push({
      item,
      score: Math.log10(nameWeight(hit) + 1) - d / 200_000,
    });
  }
  const hits = searchPois(g, center, {
    accept: filter.point,
    cityFilter: filter.city,
    name: (poi) =>
      fold(poiName(poi)).split(" ").some((w) => w.startsWith(folded)) ||
      fold(poiName(poi)).startsWith(folded),
    limit: common.limit,
    maxRadius: area?.type === "circle" ? area.r : 30_000,
  });
  for (const hit of hits) {
    const item = poiResult(g, hit, common.lang, center);
    const title = item.title as string;
    const pos = fold(title).indexOf(folded);
    item.highlights = {
      title: pos >= 0 ? [{ start: pos, end: pos + q.trim().length }] : [],
    };
    entities.push({ item, score: 4.5 - hit.distance / 5_000 });
  }
  entities.sort((a, b) => b.score - a.score);
  const items = [...queryItems, ...entities.map((e) => e.item)].slice(
    0,
    common.limit,
  );
  return json({
    items: items.map((i) => withShow(i, common.show, g)),
    queryTerms,
  });
}
