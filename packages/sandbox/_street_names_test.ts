import assert from "node:assert/strict";
import { findStreet, roadNumber, streetName } from "./_street_names.ts";

const LINES = Array.from({ length: 801 }, (_, i) => i - 400);

/** Every line of a city: `[axis, line, name]`. */
function cityNames(country: string, seed: number): [0 | 1, number, string][] {
  return ([0, 1] as const).flatMap((axis) =>
    LINES.map((line) =>
      [axis, line, streetName(country, seed, axis, line)] as [
        0 | 1,
        number,
        string,
      ]
    )
  );
}

/** The first line whose name matches `re`. */
function lineMatching(
  country: string,
  seed: number,
  re: RegExp,
): { axis: 0 | 1; line: number; name: string } {
  const hit = cityNames(country, seed).find(([, , name]) => re.test(name));
  assert.ok(hit, `no street of ${country} ${seed} matches ${re}`);
  return { axis: hit[0], line: hit[1], name: hit[2] };
}

const COUNTRIES = [
  "DE",
  "AT",
  "CH",
  "FR",
  "BE",
  "LU",
  "IT",
  "ES",
  "MX",
  "PT",
  "BR",
  "NL",
  "PL",
  "SE",
  "DK",
  "NO",
  "US",
  "GB",
  "CA",
  "AU",
  "JP",
  "CZ",
];

Deno.test("streetName: every line of a city has its own name, and findStreet leads back to it", () => {
  for (const country of COUNTRIES) {
    for (const seed of [1, 2950159, -7, 123456789]) {
      const names = cityNames(country, seed);
      const seen = new Map<string, string>();
      for (const [axis, line, name] of names) {
        const where = `${country} ${seed} ${axis}/${line}`;
        assert.ok(name.length > 0 && name === name.trim(), where);
        assert.equal(seen.get(name), undefined, `${where}: ${name} twice`);
        seen.set(name, where);
        assert.deepEqual(
          findStreet(country, seed, name),
          { axis, line },
          `${where}: ${name}`,
        );
      }
      assert.equal(seen.size, 1602);
    }
  }
});

Deno.test("streetName: line 0 is the main street, in the country's language", () => {
  const mains: [string, string][] = [
    ["DE", "Hauptstraße"],
    ["FR", "Rue de la République"],
    ["IT", "Via Roma"],
    ["ES", "Calle Mayor"],
    ["PT", "Rua Direita"],
    ["NL", "Hoofdstraat"],
    ["PL", "ul. Główna"],
    ["SE", "Storgatan"],
    ["US", "Main Street"],
    ["GB", "Main Street"],
  ];
  for (const [country, main] of mains) {
    for (const seed of [3, 4]) {
      assert.equal(streetName(country, seed, 0, 0), main, country);
      assert.notEqual(streetName(country, seed, 1, 0), main, country);
    }
  }
});

Deno.test("streetName: deterministic by city, different from city to city", () => {
  const a = cityNames("DE", 2950159), b = cityNames("DE", 2950159);
  assert.deepEqual(a, b);
  assert.equal(streetName("de", 2950159, 1, 17), a[801 + 417][2]);
  const c = cityNames("DE", 2950160);
  const moved = a.filter(([, , name], i) => name !== c[i][2]).length;
  assert.ok(moved > 1500, `only ${moved} of 1602 names differ`);
  // Central lines get the plainest names: no modifier before them.
  for (const line of [-20, -1, 1, 20]) {
    assert.match(
      streetName("DE", 2950159, 0, line),
      /^[A-ZÄÖÜ][a-zäöüß]+(straße|weg)$/,
    );
  }
});

Deno.test("streetName: names fit the country", () => {
  const fits: [string, RegExp][] = [
    [
      "DE",
      /(straße|weg|platz|allee|gasse|ring|damm|ufer|pfad|steig)$|^(Am|An der|Im|Auf dem|Hinter den|Zum) /,
    ],
    [
      "AT",
      /(straße|weg|platz|allee|gasse|ring|damm|ufer|pfad|steig)$|^(Am|An der|Im|Auf dem|Hinter den|Zum) /,
    ],
    [
      "FR",
      /^((Rue|Avenue|Boulevard|Allée|Chemin|Impasse|Place|Route|Quai|Passage) |Grande Rue$)/,
    ],
    ["IT", /^(Via|Viale|Corso|Piazza|Vicolo|Largo|Strada|Piazzale) /],
    ["ES", /^(Calle|Avenida|Paseo|Plaza|Camino|Travesía|Ronda|Callejón) /],
    ["AR", /^(Calle|Avenida|Paseo|Plaza|Camino|Travesía|Ronda|Callejón) /],
    ["BR", /^(Rua|Avenida|Travessa|Praça|Largo|Alameda|Estrada|Beco) /],
    ["NL", /(straat|weg|laan|plein|singel|gracht|kade|dijk|steeg|pad)$/],
    ["PL", /^(ul|al|pl)\. [\p{Lu}\d]/u],
    ["SE", /(gatan|vägen|stigen|gränd|allén|leden|platsen|gången)$/],
    ["DK", /(gaden?|vej|stræde|allé|plads|sti|vænget|løkken)$/],
    ["NO", /(gata|veien|stien|bakken|svingen|plassen|allé|smuget)$/],
    [
      "GB",
      / (Street|Road|Avenue|Lane|Drive|Way|Court|Place|Boulevard|Terrace|Crescent|Close)$/,
    ],
    [
      "KE",
      / (Street|Road|Avenue|Lane|Drive|Way|Court|Place|Boulevard|Terrace|Crescent|Close)$/,
    ],
  ];
  for (const [country, re] of fits) {
    for (const [axis, line, name] of cityNames(country, 42)) {
      assert.match(name, re, `${country} ${axis}/${line}`);
    }
  }
  // A German street name is not an English or French one.
  assert.doesNotMatch(
    cityNames("DE", 42).map(([, , n]) => n).join("\n"),
    /Street|Rue |Via /,
  );
});

Deno.test("streetName: Switzerland, Belgium and Canada have cities of each language", () => {
  const languages = (country: string) => {
    const found = new Set<string>();
    for (let seed = 0; seed < 60; seed++) {
      const main = streetName(country, seed, 0, 0);
      found.add(
        main === "Hauptstraße"
          ? "de"
          : main === "Via Roma"
          ? "it"
          : main === "Hoofdstraat"
          ? "nl"
          : main === "Main Street"
          ? "en"
          : main === "Rue de la République"
          ? "fr"
          : main,
      );
    }
    return [...found].sort();
  };
  assert.deepEqual(languages("CH"), ["de", "fr", "it"]);
  assert.deepEqual(languages("BE"), ["fr", "nl"]);
  assert.deepEqual(languages("CA"), ["en", "fr"]);
});

Deno.test("streetName: some US cities number their streets and avenues", () => {
  const numbered = [];
  for (let seed = 0; seed < 20; seed++) {
    if (streetName("US", seed, 0, 1) === "1st Street") numbered.push(seed);
  }
  assert.ok(numbered.length > 0 && numbered.length < 20, `${numbered}`);
  const seed = numbered[0];
  assert.equal(streetName("US", seed, 1, 2), "2nd Avenue");
  assert.equal(streetName("US", seed, 0, 3), "3rd Street");
  assert.equal(streetName("US", seed, 0, 11), "11th Street");
  assert.equal(streetName("US", seed, 1, 112), "112th Avenue");
  assert.equal(streetName("US", seed, 1, 121), "121st Avenue");
  assert.doesNotMatch(streetName("US", seed, 0, -1), /\d/);
  assert.deepEqual(findStreet("US", seed, "5th Ave"), { axis: 1, line: 5 });
  assert.deepEqual(findStreet("US", seed, "Fifth Avenue"), {
    axis: 1,
    line: 5,
  });
  assert.deepEqual(findStreet("US", seed, "42nd St."), { axis: 0, line: 42 });
  assert.equal(findStreet("US", seed, "401st Street"), undefined);
});

Deno.test("findStreet: case, accents and German abbreviations", () => {
  const seed = 2950159;
  const at = (name: string) => findStreet("DE", seed, name);
  const main = { axis: 0, line: 0 };
  for (
    const q of [
      "Hauptstraße",
      "hauptstrasse",
      "HAUPTSTRASSE",
      "Hauptstr.",
      "Hauptstr",
      "Haupt-Str.",
      "  Haupt straße ",
    ]
  ) {
    assert.deepEqual(at(q), main, q);
  }
  const umlaut = lineMatching("DE", seed, /[äöü].*straße$/);
  const where = { axis: umlaut.axis, line: umlaut.line };
  assert.deepEqual(at(umlaut.name.toUpperCase()), where);
  assert.deepEqual(
    at(umlaut.name.normalize("NFD").replace(/\p{M}/gu, "")),
    where,
  );
  assert.deepEqual(
    at(umlaut.name.replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue")),
    where,
  );
  const modified = lineMatching("DE", seed, /^\S+ \S+straße$/);
  assert.deepEqual(at(modified.name.replace("straße", "str.")), {
    axis: modified.axis,
    line: modified.line,
  });
  assert.equal(at("Lindenallee 5"), undefined);
  assert.equal(at("Via Roma"), undefined);
  assert.equal(at(""), undefined);
  assert.equal(at("  ,. "), undefined);
});

Deno.test("findStreet: English, French, Spanish, Italian and Polish abbreviations", () => {
  const cases: [string, RegExp, (name: string) => string[]][] = [
    [
      "GB",
      /^\w+ Street$/,
      (n) => [n.replace("Street", "St"), n.replace("Street", "St.")],
    ],
    [
      "GB",
      /^\w+ Avenue$/,
      (n) => [n.replace("Avenue", "Ave"), n.replace("Avenue", "av.")],
    ],
    [
      "GB",
      /^North \w+ Road$/,
      (n) => [n.replace("North", "N").replace("Road", "Rd")],
    ],
    ["AU", /^\w+ Boulevard$/, (n) => [n.replace("Boulevard", "Blvd")]],
    [
      "FR",
      /^Boulevard /,
      (n) => [n.replace("Boulevard", "Bd"), n.replace("Boulevard", "bd.")],
    ],
    ["FR", /^Avenue /, (n) => [n.replace("Avenue", "Av."), n.toLowerCase()]],
    [
      "FR",
      /Saint-/,
      (n) => [n.replace("Saint-", "St-"), n.replace("Saint-", "St ")],
    ],
    ["FR", /^Rue /, (n) => [n.slice(4)]],
    [
      "ES",
      /^Calle /,
      (n) => [n.replace("Calle", "C/"), n.replace("Calle", "c.")],
    ],
    [
      "ES",
      /^Avenida /,
      (n) => [n.replace("Avenida", "Avda."), n.replace("Avenida", "Av.")],
    ],
    ["IT", /^Corso /, (n) => [n.replace("Corso", "C.so")]],
    [
      "IT",
      /^Piazza /,
      (n) => [n.replace("Piazza", "P.zza"), n.replace("Piazza", "P.za")],
    ],
    ["IT", /^Viale /, (n) => [n.replace("Viale", "V.le")]],
    ["IT", /^Via San /, (n) => [n.replace("San", "S.")]],
    ["PT", /^Rua /, (n) => [n.replace("Rua", "R."), n.slice(4)]],
    ["BR", /^Avenida /, (n) => [n.replace("Avenida", "Av.")]],
    ["PL", /^ul\. /, (n) => [n.replace("ul.", "ulica"), n.slice(4)]],
    ["PL", /^al\. /, (n) => [n.replace("al.", "aleja")]],
    ["PL", /ł/, (n) => [n.replace(/ł/g, "l")]],
    ["DK", /ø/, (n) => [n.replace(/ø/g, "o")]],
  ];
  for (const [country, re, variants] of cases) {
    const { axis, line, name } = lineMatching(country, 7, re);
    for (const q of variants(name)) {
      assert.notEqual(q, name);
      assert.deepEqual(
        findStreet(country, 7, q),
        { axis, line },
        `${country}: ${q} for ${name}`,
      );
    }
  }
  assert.equal(findStreet("GB", 7, "Nowhere Street"), undefined);
  assert.equal(findStreet("FR", 7, "Rue de Nulle Part"), undefined);
});

Deno.test("findStreet: stays right past the cache's capacity", () => {
  const name = streetName("IT", 1, 1, -250);
  assert.deepEqual(findStreet("IT", 1, name), { axis: 1, line: -250 });
  for (let seed = 2; seed < 600; seed++) streetName("IT", seed, 0, 5);
  assert.equal(streetName("IT", 1, 1, -250), name);
  assert.deepEqual(findStreet("IT", 1, name), { axis: 1, line: -250 });
  assert.deepEqual(findStreet("IT", 599, streetName("IT", 599, 0, 5)), {
    axis: 0,
    line: 5,
  });
});

Deno.test("streetName: refuses lines and axes outside the lattice", () => {
  for (const line of [401, -401, 0.5, NaN]) {
    assert.throws(() => streetName("DE", 1, 0, line), RangeError);
  }
  assert.throws(() => streetName("DE", 1, 2 as 0, 0), RangeError);
});

Deno.test("roadNumber: national formats, deterministic by seed", () => {
  const formats: [string, "motorway" | "trunk", RegExp][] = [
    ["DE", "motorway", /^A [1-9]\d?$/],
    ["DE", "trunk", /^B [1-9]\d*$/],
    ["AT", "motorway", /^A [1-9]\d?$/],
    ["FR", "motorway", /^A[1-9]\d?$/],
    ["FR", "trunk", /^N[1-9]\d*$/],
    ["IT", "motorway", /^A[1-9]\d?$/],
    ["IT", "trunk", /^SS[1-9]\d*$/],
    ["ES", "motorway", /^A-[1-9]\d?$/],
    ["US", "motorway", /^I-[1-9]\d?$/],
    ["US", "trunk", /^US-[1-9]\d*$/],
    ["GB", "motorway", /^M[1-9]\d?$/],
    ["GB", "trunk", /^A[1-9]\d*$/],
    ["CZ", "motorway", /^E[1-9]\d$|^E[5-9]$/],
    ["HU", "trunk", /^E[1-9]\d\d$/],
    ["SE", "motorway", /^E\d+$/],
  ];
  for (const [country, roadClass, re] of formats) {
    const numbers = new Set<string>();
    for (let seed = 0; seed < 50; seed++) {
      const number = roadNumber(country, roadClass, seed);
      assert.match(number, re, `${country} ${roadClass}`);
      assert.equal(roadNumber(country, roadClass, seed), number);
      numbers.add(number);
    }
    assert.ok(numbers.size > 3, `${country} ${roadClass}: ${[...numbers]}`);
  }
  assert.equal(
    roadNumber("de", "motorway", 9),
    roadNumber("DE", "motorway", 9),
  );
  assert.notEqual(
    roadNumber("DE", "motorway", 9).replace(/\d+/, "#"),
    roadNumber("DE", "trunk", 9).replace(/\d+/, "#"),
  );
});
