import assert from "node:assert/strict";
import { seededRandom as random } from "@ls/core/testing";
import {
  MatrixResultParser,
  MAX_CAPTURE_BYTES,
  type ParsedResult,
  parseResultBytes,
  ResultSyntaxError,
} from "./_result_parser.ts";
import { maxResultBytes } from "./_call.ts";
import { caught } from "./_test_matrix_service.ts";

const encoder = new TextEncoder();

/** Parser output as plain JSON-like values (typed arrays as arrays). */
function plain(parsed: ParsedResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of parsed.entries) {
    if (key === "matrix" && value === parsed.matrix && parsed.matrix) {
      const m: Record<string, unknown> = {};
      for (const [k, v] of parsed.matrix.entries) {
        m[k] = ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v;
      }
      out[key] = m;
    } else out[key] = value;
  }
  return out;
}

/** JSON.parse, with the parser's conventions for null array entries. */
function reference(text: string): Record<string, unknown> {
  const json = JSON.parse(text);
  const m = json.matrix;
  if (m && typeof m === "object") {
    for (const k of ["travelTimes", "distances"]) {
      if (Array.isArray(m[k])) {
        m[k] = m[k].map((v: number | null) => v ?? NaN);
      } else if (m[k] === null) delete m[k];
    }
    if (Array.isArray(m.errorCodes)) {
      m.errorCodes = m.errorCodes.map((v: number | null) =>
        typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 255
          ? v
          : 99
      );
    }
  }
  return json;
}

function parseChunks(chunks: Uint8Array[], expected?: {
  numOrigins: number;
  numDestinations: number;
}): ParsedResult {
  const parser = new MatrixResultParser(expected);
  for (const c of chunks) parser.push(c);
  return parser.end();
}

// Everything a chunk boundary can fall into: keys with escapes and unicode,
// nested values before and after the matrix, every number form, null,
// whitespace everywhere, unknown keys, arrays before the dimensions.
const RICH = `\uFEFF {
  "matrixId" : "00000000-aaaa-\\"bbbb\\"-cccc-000000000001",
  "unknown\\u00e9" : {"nested": [1, {"a": "}]\\\\"}, null, true, false], "s": "caf\u00e9 \u{1F697}"},
  "matrix": {
    "travelTimes" : [ 610,1220 ,905,
       780, 1410,  640, 0, 12345678901234567, -5, 1.5, 2e3, 12.5E-1, null, -0, 99999999999999 ],
    "numOrigins": 3, "numDestinations" : 5,
    "distances": [4200, 9100, 6600, 5100, 10900, 4800, 0, 1, 2, 3, 4, 5, 6, 7, 8],
    "errorCodes": [0, 0, 0, 0, 3, 0, 99, 4, 1, 2, 256, -1, null, 0, 2.5],
    "extra": [1, 2, 3],
    "\\u0074ravel": "escaped key"
  },
  "regionDefinition": {"type": "circle", "center": {"lat": 52.5, "lng": 13.4}, "radius": 10000},
  "trailing": 12.5e1
}
`;

Deno.test("parser: a rich body equals JSON.parse, whole", () => {
  const bytes = encoder.encode(RICH);
  assert.deepStrictEqual(
    plain(parseResultBytes(bytes)),
    reference(RICH.replace(/^\uFEFF/, "")),
  );
});

Deno.test("parser: split at every position into two chunks", () => {
  const bytes = encoder.encode(RICH);
  const want = reference(RICH.replace(/^\uFEFF/, ""));
  for (let at = 0; at <= bytes.length; at++) {
    const got = plain(
      parseChunks([bytes.subarray(0, at), bytes.subarray(at)], {
        numOrigins: 3,
        numDestinations: 5,
      }),
    );
    assert.deepStrictEqual(got, want, `split at ${at}`);
  }
});

Deno.test("parser: one byte at a time, and random multi-chunk splits", () => {
  const bytes = encoder.encode(RICH);
  const want = reference(RICH.replace(/^\uFEFF/, ""));
  const single = Array.from(bytes, (_, k) => bytes.subarray(k, k + 1));
  assert.deepStrictEqual(plain(parseChunks(single)), want);
  const rnd = random(7);
  for (let round = 0; round < 300; round++) {
    const chunks: Uint8Array[] = [];
    let at = 0;
    while (at < bytes.length) {
      const size = 1 + Math.floor(rnd() * 24);
      // Fresh copies: the parser must not depend on the caller's buffers.
      chunks.push(bytes.slice(at, at + size));
      at += size;
    }
    assert.deepStrictEqual(plain(parseChunks(chunks)), want, `round ${round}`);
  }
});

Deno.test("parser: a generated body in random chunks matches JSON.parse", () => {
  const rnd = random(99);
  const n = 37;
  const m = 53;
  const tt = Array.from(
    { length: n * m },
    () => rnd() < 0.1 ? null : Math.floor(rnd() * 1e7),
  );
  const ds = Array.from(
    { length: n * m },
    () => rnd() < 0.2 ? Math.round(rnd() * 1e8) / 100 : Math.floor(rnd() * 2e7),
  );
  const ec = Array.from({ length: n * m }, () => rnd() < 0.9 ? 0 : 99);
  const text = JSON.stringify(
    {
      matrixId: "x",
      matrix: {
        numOrigins: n,
        numDestinations: m,
        travelTimes: tt,
        distances: ds,
        errorCodes: ec,
      },
      regionDefinition: { type: "world" },
    },
    null,
    rnd() < 0.5 ? 1 : undefined,
  );
  const bytes = encoder.encode(text);
  const want = reference(text);
  for (let round = 0; round < 40; round++) {
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < bytes.length;) {
      const size = 1 + Math.floor(rnd() * 700);
      chunks.push(bytes.subarray(at, at + size));
      at += size;
    }
    const expected = round % 2
      ? { numOrigins: n, numDestinations: m }
      : undefined;
    assert.deepStrictEqual(plain(parseChunks(chunks, expected)), want);
  }
});

Deno.test("parser: typed arrays are Float64Array and Uint8Array, sized exactly", () => {
  const text = JSON.stringify({
    matrix: {
      numOrigins: 1,
      numDestinations: 2000,
      travelTimes: Array.from({ length: 2000 }, (_, k) => k),
      errorCodes: Array.from({ length: 2000 }, () => 0),
    },
  });
  // Without known dimensions the arrays grow from 1024 and are trimmed.
  for (
    const expected of [undefined, { numOrigins: 1, numDestinations: 2000 }]
  ) {
    const parsed = parseResultBytes(encoder.encode(text), expected);
    const entries = new Map(parsed.matrix!.entries);
    const tt = entries.get("travelTimes");
    const ec = entries.get("errorCodes");
    assert.ok(tt instanceof Float64Array);
    assert.ok(ec instanceof Uint8Array);
    assert.equal(tt.length, 2000);
    assert.equal(ec.length, 2000);
    assert.equal(tt[1999], 1999);
  }
});

Deno.test("parser: dimensions in the body win over the expected ones for sizing", () => {
  const text =
    '{"matrix":{"numOrigins":1,"numDestinations":3,"travelTimes":[1,2,3]}}';
  const parsed = parseResultBytes(encoder.encode(text), {
    numOrigins: 10,
    numDestinations: 10,
  });
  const tt = new Map(parsed.matrix!.entries).get("travelTimes") as Float64Array;
  assert.deepEqual(Array.from(tt), [1, 2, 3]);
  assert.equal(tt.length, 3);
});

Deno.test("parser: matrix that is not an object, and null arrays, are kept as values", () => {
  const a = parseResultBytes(encoder.encode('{"matrix": null, "error": "x"}'));
  assert.equal(a.matrix, undefined);
  assert.deepEqual(a.entries, [["matrix", null], ["error", "x"]]);
  const b = parseResultBytes(
    encoder.encode('{"matrix": {"numOrigins": 0, "travelTimes": null}}'),
  );
  assert.deepEqual(b.matrix!.entries, [["numOrigins", 0]]);
  const c = parseResultBytes(encoder.encode("{}"));
  assert.deepEqual(c.entries, []);
});

const MALFORMED: [string, string, RegExp][] = [
  ["empty", "", /Empty result body/],
  ["whitespace only", "  \n", /Empty result body/],
  ["not an object", "[1,2]", /Expected the result object at byte 0/],
  ["truncated in a key", '{"matr', /ended early/],
  ["truncated in an array", '{"matrix":{"travelTimes":[1,2', /ended early/],
  ["truncated after a number", '{"matrix":{"travelTimes":[1', /ended early/],
  ["missing colon", '{"matrix" {}}', /Expected ":" after a key at byte 10/],
  ["trailing comma in an object", '{"a":1,}', /Expected a key at byte 7/],
  [
    "trailing comma in an array",
    '{"matrix":{"distances":[1,]}}',
    /Trailing ","/,
  ],
  ["leading zero", '{"matrix":{"distances":[01]}}', /Leading zero/],
  ["bare minus", '{"matrix":{"distances":[-]}}', /Invalid number "-"/],
  [
    "dangling fraction",
    '{"matrix":{"distances":[1.]}}',
    /Invalid number "1\."/,
  ],
  ["double minus", '{"matrix":{"distances":[--1]}}', /Invalid number "--1"/],
  ["string in an array", '{"matrix":{"distances":["1"]}}', /Expected a number/],
  ["true in an array", '{"matrix":{"distances":[true]}}', /Expected a number/],
  ["nul literal", '{"matrix":{"distances":[nul]}}', /Expected a number/],
  ["missing comma", '{"matrix":{"distances":[1 2]}}', /Expected "," or "\]"/],
  ["nested array", '{"matrix":{"distances":[[1]]}}', /Expected a number/],
  [
    "array value not an array",
    '{"matrix":{"distances":"x"}}',
    /Expected an array of numbers for "distances"/,
  ],
  [
    "bad captured value",
    '{"matrixId": tru}',
    /Invalid JSON value for "matrixId"/,
  ],
  ["missing value", '{"matrixId": }', /Expected a value for "matrixId"/],
  [
    "garbage after the object",
    '{"a":1} x',
    /Unexpected data after the result object at byte 8/,
  ],
  ["two objects", '{"a":1}{"b":2}', /Unexpected data after/],
  ["bad escape in a key", '{"\\x":1}', /Invalid escape in a key/],
  ["control character in a key", '{"a\nb":1}', /Control character in a key/],
  ["unquoted key", "{a:1}", /Expected a key/],
  [
    "an integer too long",
    `{"matrix":{"distances":[${"7".repeat(101)}]}}`,
    /A number longer than 100 characters/,
  ],
  [
    "a fraction too long",
    `{"matrix":{"distances":[1.${"0".repeat(99)}]}}`,
    /A number longer than 100 characters/,
  ],
  [
    "a negative number too long",
    `{"matrix":{"errorCodes":[-${"1".repeat(100)}]}}`,
    /A number longer than 100 characters/,
  ],
  [
    "nesting inside a numeric array",
    `{"matrix":{"travelTimes":${"[".repeat(600)}`,
    /Expected a number/,
  ],
  [
    "a numeric array sent twice",
    '{"matrix":{"travelTimes":[1],"distances":[2],"travelTimes":[3]}}',
    /Repeated "travelTimes" in the matrix at byte 57/,
  ],
  [
    "a numeric array after its null",
    '{"matrix":{"distances":null,"distances":[2]}}',
    /Repeated "distances" in the matrix/,
  ],
  [
    "a numeric array repeated under an escaped key",
    '{"matrix":{"errorCodes":[0],"\\u0065rrorCodes":[1]}}',
    /Repeated "errorCodes" in the matrix/,
  ],
  [
    "a numeric array repeated in a second matrix object",
    '{"matrix":{"travelTimes":[1]},"matrix":{"travelTimes":[2]}}',
    /Repeated "travelTimes" in the matrix/,
  ],
  [
    "a value nested deeper than 512 levels",
    `{"regionDefinition":${"[".repeat(600)}${"]".repeat(600)}}`,
    /Invalid JSON value for "regionDefinition"/,
  ],
];

for (const [name, text, pattern] of MALFORMED) {
  Deno.test(`parser: malformed input is a ResultSyntaxError (${name})`, () => {
    const bytes = encoder.encode(text);
    // Whole, and split at every position: always the same kind of error.
    for (let at = 0; at <= bytes.length; at++) {
      const err = caught(() =>
        parseChunks([bytes.subarray(0, at), bytes.subarray(at)])
      );
      assert.ok(
        err instanceof ResultSyntaxError,
        `split at ${at}: ${err} is not a ResultSyntaxError`,
      );
      assert.match(err.message, pattern, `split at ${at}`);
    }
  });
}

Deno.test("parser: the error names the byte offset and shows a snippet", () => {
  const prefix = '{"matrix":{"travelTimes":[' + "1,".repeat(100);
  const text = prefix + "x]}}";
  const err = caught(() => parseResultBytes(encoder.encode(text)));
  assert.ok(err instanceof ResultSyntaxError);
  assert.equal(err.offset, prefix.length);
  assert.match(err.snippet, /^"…1,1,1,.*x\]\}\}"$/);
  assert.match(err.message, new RegExp(`at byte ${prefix.length}: "…`));
});

Deno.test("parser: long integers and all number forms are exact", () => {
  const values = [
    "0",
    "-0",
    "7",
    "123456789012345", // 15 digits: the integer fast path
    "1234567890123456", // 16 digits: text
    "9007199254740993", // beyond 2^53: as Number() rounds it
    "1e308",
    "-1.5e-7",
    "0.1",
    "3.0",
  ];
  const text = `{"matrix":{"distances":[${values.join(",")}]}}`;
  const bytes = encoder.encode(text);
  const want = values.map(Number);
  for (let at = 0; at <= bytes.length; at++) {
    const parsed = parseChunks([bytes.subarray(0, at), bytes.subarray(at)]);
    const ds = new Map(parsed.matrix!.entries).get("distances") as Float64Array;
    assert.deepStrictEqual(Array.from(ds), want, `split at ${at}`);
  }
});

Deno.test("parser: an array longer than the requested matrix stops instead of growing", () => {
  const parser = new MatrixResultParser({ numOrigins: 2, numDestinations: 2 });
  const body = `{"matrix":{"numOrigins":2,"numDestinations":2,"travelTimes":[${
    Array.from({ length: 1000 }, (_, i) => i).join(",")
  }]}}`;
  assert.throws(
    () => parser.push(encoder.encode(body)),
    (e: unknown) =>
      e instanceof ResultSyntaxError &&
      /more than the 4 entries of the requested 2 × 2 matrix/.test(e.message),
  );
});

Deno.test("parser: a body claiming a huge matrix allocates for the requested size", () => {
  const parser = new MatrixResultParser({ numOrigins: 1, numDestinations: 2 });
  parser.push(encoder.encode(
    `{"matrix":{"numOrigins":10000,"numDestinations":10000,"travelTimes":[1,2]}}`,
  ));
  const out = parser.end();
  const matrix = out.matrix!.entries.find(([k]) => k === "travelTimes");
  assert.deepEqual([...(matrix![1] as Float64Array)], [1, 2]);
});

Deno.test("parser: keys and values beside the arrays are capped", () => {
  const parser = new MatrixResultParser({ numOrigins: 1, numDestinations: 1 });
  parser.push(encoder.encode('{"note":"'));
  const chunk = encoder.encode("x".repeat(1 << 20));
  assert.throws(
    () => {
      for (let i = 0; i < 10; i++) parser.push(chunk);
    },
    (e: unknown) =>
      e instanceof ResultSyntaxError &&
      /beside the matrix arrays/.test(e.message),
  );
});

Deno.test("parser: numbers of up to 100 characters are read exactly", () => {
  const long = `1.${"0".repeat(97)}5`; // 100 characters
  const text = `{"matrix":{"distances":[${long},${"9".repeat(100)}]}}`;
  const bytes = encoder.encode(text);
  for (let at = 0; at <= bytes.length; at += 7) {
    const parsed = parseChunks([bytes.subarray(0, at), bytes.subarray(at)]);
    const ds = new Map(parsed.matrix!.entries).get("distances") as Float64Array;
    assert.deepEqual(Array.from(ds), [Number(long), Number("9".repeat(100))]);
  }
});

// Memory: what the parser holds is bounded by the requested size, checked
// after every chunk of a long stream fed in small pieces (no timing).

/** The most bytes a parser of a requested `entries` may hold. */
function heldCap(entries: number): number {
  // travelTimes and distances as Float64Array, errorCodes as Uint8Array,
  // and the error codes' staging array (4096 entries at most).
  return entries * (8 + 8 + 1) + Math.min(entries, 4096) * 8;
}

/** A generated body for `n` × `m`, every array present, in pieces. */
function* generatedBody(n: number, m: number): Generator<string> {
  yield `{"matrixId":"big","matrix":{"numOrigins":${n},"numDestinations":${m}`;
  for (const key of ["travelTimes", "distances", "errorCodes"]) {
    yield `,"${key}":[`;
    for (let i = 0; i < n; i++) {
      const row = Array.from(
        { length: m },
        (_, j) => key === "errorCodes" ? (i + j) % 5 : i * 100_003 + j * 7,
      );
      yield (i ? "," : "") + row.join(",");
    }
    yield "]";
  }
  yield '},"regionDefinition":{"type":"world"}}';
}

/** Feeds `pieces` to `parser` in chunks of `size` bytes; returns the most held. */
function feedSmall(
  parser: MatrixResultParser,
  pieces: Iterable<string>,
  size: number,
  onChunk?: () => void,
): number {
  let most = 0;
  let pending = new Uint8Array(0);
  for (const piece of pieces) {
    const bytes = encoder.encode(piece);
    const all = new Uint8Array(pending.length + bytes.length);
    all.set(pending);
    all.set(bytes, pending.length);
    let at = 0;
    for (; at + size <= all.length; at += size) {
      parser.push(all.subarray(at, at + size));
      most = Math.max(most, parser.heldBytes);
      onChunk?.();
    }
    pending = all.slice(at);
  }
  parser.push(pending);
  return Math.max(most, parser.heldBytes);
}

Deno.test("memory: a 200 × 500 result fed in 61-byte chunks never holds more than its size allows", () => {
  const n = 200;
  const m = 500;
  const parser = new MatrixResultParser({ numOrigins: n, numDestinations: m });
  const most = feedSmall(parser, generatedBody(n, m), 61);
  const parsed = new Map(parser.end().matrix!.entries);
  assert.ok(most <= heldCap(n * m), `held ${most} bytes`);
  const tt = parsed.get("travelTimes") as Float64Array;
  const ec = parsed.get("errorCodes") as Uint8Array;
  assert.equal(tt[n * m - 1], (n - 1) * 100_003 + (m - 1) * 7);
  assert.equal(ec[n * m - 1], (n - 1 + m - 1) % 5);
});

Deno.test("memory: a body that claims 10,000 × 10,000 and never ends holds only the requested size", () => {
  // The requested 20 × 30 bounds what is allocated; the endless array stops
  // at entry 601 instead of growing, whatever the chunking.
  for (const size of [1, 13, 4096]) {
    const parser = new MatrixResultParser({
      numOrigins: 20,
      numDestinations: 30,
    });
    let chunks = 0;
    const endless = function* () {
      yield '{"matrix":{"numOrigins":10000,"numDestinations":10000,"errorCodes":[0';
      for (;;) yield ",1,2,3,4,5,6,7,8,9";
    };
    const err = caught(() =>
      feedSmall(parser, endless(), size, () => {
        assert.ok(parser.heldBytes <= heldCap(600), `${parser.heldBytes}`);
        chunks++;
      })
    );
    assert.ok(err instanceof ResultSyntaxError, String(err));
    assert.match(err.message, /more than the 600 entries/);
    assert.ok(chunks < 3000 / size + 2, `stopped after ${chunks} chunks`);
  }
});

Deno.test("memory: an endless value beside the arrays is capped, in small chunks too", () => {
  const parser = new MatrixResultParser({ numOrigins: 1, numDestinations: 1 });
  const endless = function* () {
    yield '{"regionDefinition":{"outer":[';
    for (;;) yield "52.5,13.4,".repeat(1000);
  };
  let most = 0;
  const err = caught(() =>
    feedSmall(parser, endless(), 4093, () => {
      most = Math.max(most, parser.heldBytes);
    })
  );
  assert.ok(err instanceof ResultSyntaxError);
  assert.match(err.message, /beside the matrix arrays/);
  assert.ok(most <= MAX_CAPTURE_BYTES, `held ${most} bytes`);
});

Deno.test("memory: every array sent 20 times, within the byte cap, is refused at its first repeat", () => {
  // Each copy would be held whole: 20 copies, 20 times the requested size.
  const n = 100;
  const m = 100;
  const array = `[${new Array(n * m).fill("0").join(",")}]`;
  function* body(): Generator<string> {
    yield `{"matrix":{"numOrigins":${n},"numDestinations":${m}`;
    for (let copy = 0; copy < 20; copy++) {
      for (const key of ["travelTimes", "distances", "errorCodes"]) {
        yield `,"${key}":${array}`;
      }
    }
    yield "}}";
  }
  assert.ok(
    [...body()].join("").length < maxResultBytes({
      numOrigins: n,
      numDestinations: m,
    }),
  );
  const parser = new MatrixResultParser({ numOrigins: n, numDestinations: m });
  let most = 0;
  const err = caught(() =>
    feedSmall(parser, body(), 4096, () => {
      most = Math.max(most, parser.heldBytes);
    })
  );
  assert.ok(err instanceof ResultSyntaxError, String(err));
  assert.match(err.message, /Repeated "travelTimes" in the matrix/);
  assert.ok(most <= heldCap(n * m), `held ${most} bytes`);
});
