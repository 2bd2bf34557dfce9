import assert from "node:assert/strict";
import { Gazetteer } from "./_gazetteer.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const VIENNA = { lat: 48.2085, lng: 16.3721 };
const MUNICH = { lat: 48.1374, lng: 11.5755 };
const MILAN = { lat: 45.4643, lng: 9.1895 };
const BRUSSELS = { lat: 50.8505, lng: 4.3488 };
const COPENHAGEN = { lat: 55.6759, lng: 12.5655 };
const ROME = { lat: 41.8919, lng: 12.5113 };

function near(position: LatLngLike, place: LatLngLike): boolean {
  return haversineMeters(position, place) < 10_000;
}

Deno.test("geocode finds a city by its local name, titled by its English one", async () => {
  await using sandbox = await startSandbox();
  const cases: [string, LatLngLike, string][] = [
    ["Wien", VIENNA, "Vienna, Austria"],
    ["München", MUNICH, "Munich, Germany"],
    ["Milano", MILAN, "Milan, Italy"],
    ["Bruxelles", BRUSSELS, "Brussels, Belgium"],
    ["Brussel", BRUSSELS, "Brussels, Belgium"],
    ["København", COPENHAGEN, "Copenhagen, Denmark"],
    // Without diacritics too, as people type it.
    ["Munchen", MUNICH, "Munich, Germany"],
    // Ahead of Roma, Queensland, which is called that by its own name.
    ["Roma", ROME, "Rome, Italy"],
  ];
  for (const [q, place, title] of cases) {
    const res = await call(
      sandbox,
      `/v1/geocode?q=${encodeURIComponent(q)}&limit=1`,
    );
    assert.equal(res.status, 200, q);
    const [item] = res.body.items;
    assert.ok(item, `${q}: no item`);
    assert.ok(near(item.position, place), `${q}: ${item.title}`);
    assert.equal(item.title, title, q);
    assert.equal(item.scoring.queryScore, 1, q);
  }
});

Deno.test("geocode by local name: with a country, in a qualified query, in another language", async () => {
  // Preloading indexes the names before the first request.
  await using sandbox = await startSandbox({ preload: true });
  const withCountry = await call(
    sandbox,
    `/v1/geocode?q=${encodeURIComponent("Wien, Österreich")}&limit=1`,
  );
  assert.ok(near(withCountry.body.items[0].position, VIENNA));
  const qq = await call(
    sandbox,
    `/v1/geocode?qq=${encodeURIComponent("city=München")}&limit=1`,
  );
  assert.equal(qq.status, 200);
  assert.ok(near(qq.body.items[0].position, MUNICH));
  assert.equal(qq.body.items[0].address.city, "Munich");
  const street = await call(
    sandbox,
    `/v1/geocode?qq=${
      encodeURIComponent("city=Milano;street=Via Roma;houseNumber=5")
    }&limit=1`,
  );
  assert.equal(street.body.items[0].resultType, "houseNumber");
  assert.equal(street.body.items[0].address.city, "Milan");
  // `lang` still names the country in that language.
  const german = await call(
    sandbox,
    `/v1/geocode?q=${encodeURIComponent("München")}&limit=1&lang=de-DE`,
  );
  assert.equal(german.body.items[0].address.countryName, "Deutschland");
  assert.ok(near(german.body.items[0].position, MUNICH));
});

Deno.test("a place's own name still wins over another's alternate name", async () => {
  await using sandbox = await startSandbox();
  // North Canton, Ohio was once called Berlin: it comes after the Berlins.
  const berlin = await call(sandbox, "/v1/geocode?q=Berlin");
  const titles: string[] = berlin.body.items.map((i: { title: string }) =>
    i.title
  );
  const canton = titles.findIndex((t) => t.startsWith("North Canton"));
  const lastBerlin = titles.findLastIndex((t) => /^Berl[ií]n, /.test(t));
  assert.ok(canton < 0 || canton > lastBerlin, titles.join(" | "));
  // Chittagong is also called Islamabad; the capital of Pakistan is first.
  const islamabad = await call(sandbox, "/v1/geocode?q=Islamabad&limit=1");
  assert.equal(islamabad.body.items[0].address.countryCode, "PAK");
});

Deno.test("autosuggest, autocomplete and discover find a city by its local name", async () => {
  await using sandbox = await startSandbox();
  const suggest = await call(
    sandbox,
    `/v1/autosuggest?q=${
      encodeURIComponent("München")
    }&at=${MUNICH.lat},${MUNICH.lng}&limit=3`,
  );
  assert.equal(suggest.status, 200);
  const city = suggest.body.items.find((i: { resultType: string }) =>
    i.resultType === "locality"
  );
  assert.ok(city, JSON.stringify(suggest.body.items));
  assert.equal(city.address.city, "Munich");
  assert.ok(near(city.position, MUNICH));
  const completed = await call(
    sandbox,
    `/v1/autocomplete?q=${encodeURIComponent("Københ")}&types=city&limit=1`,
  );
  assert.equal(completed.status, 200);
  assert.equal(completed.body.items[0].address.city, "Copenhagen");
  const discovered = await call(
    sandbox,
    `/v1/discover?q=Bruxelles&at=${BRUSSELS.lat},${BRUSSELS.lng}&limit=1`,
  );
  assert.equal(discovered.body.items[0].address.city, "Brussels");
  assert.ok(near(discovered.body.items[0].position, BRUSSELS));
});

// The gazetteer on its own, with a few made-up places and the GeoNames
// file lines of their alternate names.

function place(
  cityId: number,
  name: string,
  population: number,
  [lat, lng]: [number, number],
) {
  return {
    cityId,
    name,
    country: "XX",
    featureCode: "PPL",
    adminCode: "01",
    population,
    loc: { coordinates: [lng, lat] as [number, number] },
  };
}

function geonamesFile(lines: [number, string, string][]): Uint8Array {
  return new TextEncoder().encode(
    lines.map(([id, name, alternates]) =>
      [id, name, name, alternates, "0", "0", "P", "PPL"].join("\t")
    ).join("\n") + "\n",
  );
}

Deno.test("Gazetteer indexes usable alternate names of the places it has", () => {
  const g = new Gazetteer(
    [
      place(1, "Bigtown", 3_000_000, [10, 10]),
      place(2, "Grossstadt", 20_000, [20, 20]),
      place(3, "Village", 5_000, [30, 30]),
      place(4, "Mittelstadt", 50_000, [40, 40]),
    ],
    [],
    geonamesFile([
      [
        1,
        "Bigtown",
        "BGT,Bigtown,Großstadt,Grossstadt,Mittelstadt,bigu,Ville-Grande",
      ],
      [3, "Village", "Dorf"],
      [99, "Elsewhere", "Bigtown"],
    ]),
  );
  const names = (folded: string) => g.exact(folded).map((c) => c.name);
  // Own names first unless the other place is over a hundred times larger.
  assert.deepEqual(names("grossstadt"), ["Bigtown", "Grossstadt"]);
  assert.deepEqual(names("mittelstadt"), ["Mittelstadt", "Bigtown"]);
  assert.deepEqual(names("ville grande"), ["Bigtown"]);
  // Codes, lower-case romanisations and places too small are left out, as is
  // a place the gazetteer does not have.
  assert.deepEqual(names("bgt"), []);
  assert.deepEqual(names("bigu"), []);
  assert.deepEqual(names("dorf"), []);
  assert.deepEqual(names("bigtown"), ["Bigtown"]);
  // By prefix, once each, by the name that weighs most.
  assert.deepEqual(
    g.prefixHits("gro").map((h) => [h.city.name, h.name, h.alternate]),
    [["Bigtown", "grossstadt", true], ["Grossstadt", "grossstadt", false]],
  );
  assert.deepEqual(g.prefix("gr").map((c) => c.name), ["Grossstadt"]);
});

Deno.test("Gazetteer without alternate names finds places by their own", () => {
  const g = new Gazetteer([place(1, "Bigtown", 2_000_000, [10, 10])], []);
  assert.deepEqual(g.exact("bigtown").map((c) => c.name), ["Bigtown"]);
  assert.deepEqual(g.prefix("big").map((c) => c.name), ["Bigtown"]);
});
