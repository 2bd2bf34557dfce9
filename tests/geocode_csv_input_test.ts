// scripts/geocode_csv.ts reading its input: an encoding it cannot read, a
// row with more fields than the header, and column names that clash stop
// the run before any request, naming the line or the column.

import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { startTestServer, type TestServer } from "@ls/core/testing";
import { LS } from "@ls/ls";
import { geocodeCsv } from "../scripts/geocode_csv.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const KEY = "input-test-key-0123456789";

/** A geocoder on loopback that finds every address at one position. */
async function geocoder(): Promise<TestServer> {
  const server = await startTestServer();
  server.route("GET /v1/geocode", (req) =>
    Response.json({
      items: [{
        title: req.query.get("q"),
        resultType: "street",
        position: { lat: 48.1, lng: 11.5 },
      }],
    }));
  return server;
}

/** Latin-1 bytes of a text whose characters are all below U+0100. */
function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** UTF-16 bytes of a text, with its byte order mark. */
function utf16(text: string, endian: "le" | "be"): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfeff, endian === "le");
  for (let i = 0; i < text.length; i++) {
    view.setUint16(2 + i * 2, text.charCodeAt(i), endian === "le");
  }
  return bytes;
}

/** Runs the command against `server`; its exit code and stderr. */
async function command(
  server: TestServer,
  args: string[],
): Promise<{ code: number; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net=127.0.0.1",
      "--allow-read",
      "--allow-write",
      "--allow-env",
      `${ROOT}scripts/geocode_csv.ts`,
      "--base-url",
      server.url,
      ...args,
    ],
    env: { HERE_API_KEY: KEY, NO_COLOR: "1" },
    clearEnv: true,
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

/** Whether a file exists. */
async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

Deno.test("geocode_csv stops on an input that is not UTF-8, naming the line, before any request; --encoding reads it", async () => {
  await using server = await geocoder();
  const dir = await Deno.makeTempDir();
  try {
    const input = `${dir}/latin1.csv`;
    await Deno.writeFile(
      input,
      latin1('id,address\n1,"Marienplatz 8, München"\n2,Café Müller\n'),
    );
    const output = `${dir}/out.csv`;
    const run = await command(server, [input, output]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stderr,
      /latin1\.csv is not valid UTF-8 at line 2: give the file's encoding with --encoding \(for example --encoding windows-1252 for Latin-1\)/,
    );
    assert.equal(server.requests.length, 0);
    assert.equal(await exists(output), false);

    const read = await command(server, ["-e", "windows-1252", input, output]);
    assert.equal(read.code, 0, read.stderr);
    assert.deepEqual(server.requests.map((r) => r.query.get("q")).sort(), [
      "Café Müller",
      "Marienplatz 8, München",
    ]);
    const [, ...rows] = parse(await Deno.readTextFile(output));
    assert.deepEqual(rows.map((r: string[]) => r[1]).sort(), [
      "Café Müller",
      "Marienplatz 8, München",
    ]);

    const unknown = await command(server, ["-e", "klingon", input, output]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /--encoding must be an encoding's label/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv names the line of a bad byte inside a quoted field, at the end of a file, and after many lines", async () => {
  await using server = await geocoder();
  using ls = new LS({ apiKey: KEY, baseUrl: server.url });
  const dir = await Deno.makeTempDir();
  try {
    const encoder = new TextEncoder();
    const cases: [Uint8Array[], number][] = [
      // Line 3 is the second line of a quoted field.
      [[
        encoder.encode('address,note\nStreet 1,"one\ntw'),
        latin1("ö"),
        encoder.encode('"\n'),
      ], 3],
      // The last line, without a newline.
      [[encoder.encode("address\nStreet 1\nStreet "), latin1("ß")], 3],
      // Past the first block the file is read in.
      [[
        encoder.encode("address\n" + "Street 1\n".repeat(20_000)),
        latin1("é\n"),
      ], 20_002],
      // A multi-byte sequence cut short.
      [[
        encoder.encode("address\n"),
        Uint8Array.of(0xe2, 0x82),
        encoder.encode("\n"),
      ], 2],
    ];
    for (const [parts, line] of cases) {
      const input = `${dir}/in.csv`;
      const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
      await Deno.writeFile(input, bytes);
      await assert.rejects(
        geocodeCsv(ls, { input, output: `${dir}/out.csv` }),
        new RegExp(`is not valid UTF-8 at line ${line}:`),
      );
    }
    assert.equal(server.requests.length, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv reads UTF-8 with a BOM and UTF-16 with either byte order", async () => {
  await using server = await geocoder();
  using ls = new LS({ apiKey: KEY, baseUrl: server.url });
  const dir = await Deno.makeTempDir();
  try {
    const text = "address\nKönigsallee 1\n";
    const inputs: Record<string, Uint8Array> = {
      bom: new Uint8Array([
        0xef,
        0xbb,
        0xbf,
        ...new TextEncoder().encode(text),
      ]),
      le: utf16(text, "le"),
      be: utf16(text, "be"),
    };
    for (const [name, bytes] of Object.entries(inputs)) {
      const input = `${dir}/${name}.csv`;
      await Deno.writeFile(input, bytes);
      const before = server.requests.length;
      const summary = await geocodeCsv(ls, {
        input,
        output: `${dir}/${name}.out.csv`,
      });
      assert.equal(summary.found, 1, name);
      assert.equal(server.requests[before].query.get("q"), "Königsallee 1");
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv stops on a row with more fields than the header, naming the line; empty extra fields lose nothing", async () => {
  await using server = await geocoder();
  using ls = new LS({ apiKey: KEY, baseUrl: server.url });
  const dir = await Deno.makeTempDir();
  try {
    const input = `${dir}/in.csv`;
    await Deno.writeTextFile(
      input,
      'id,address,city\n1,"Unter den Linden 77",Berlin\n2,"Hauptstr. 1\nHinterhaus",Köln\n3,"Marienplatz 8",Munich,extra,fields\n',
    );
    const output = `${dir}/out.csv`;
    const run = await command(server, [
      "-c",
      "address",
      "-c",
      "city",
      input,
      output,
    ]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stderr,
      /in\.csv line 5 has 5 fields, but its header names 3 columns: the extra fields \("extra", "fields"\) would be lost/,
    );
    assert.equal(server.requests.length, 0);
    assert.equal(await exists(output), false);

    // A trailing delimiter, or a short row, loses nothing.
    await Deno.writeTextFile(
      input,
      "id,address,city\n1,Unter den Linden 77,Berlin,,\n2,Marienplatz 8\n",
    );
    const summary = await geocodeCsv(ls, {
      input,
      output,
      columns: ["address", "city"],
    });
    assert.equal(summary.found, 2);
    const [header, ...rows] = parse(await Deno.readTextFile(output));
    assert.equal(header.length, 3 + 7);
    const byId = rows.sort((a: string[], b: string[]) => a[0] < b[0] ? -1 : 1);
    assert.deepEqual(byId.map((r: string[]) => r.slice(0, 3)), [
      ["1", "Unter den Linden 77", "Berlin"],
      ["2", "Marienplatz 8", ""],
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv refuses an address column named twice and an input column named like a result, and keeps input columns named index, lat or error", async () => {
  await using server = await geocoder();
  using ls = new LS({ apiKey: KEY, baseUrl: server.url });
  const dir = await Deno.makeTempDir();
  try {
    const input = `${dir}/in.csv`;
    const output = `${dir}/out.csv`;
    const refused = async (header: string, ext: string, pattern: RegExp) => {
      await Deno.writeTextFile(
        input,
        `${header}\n${header.replace(/[^,]+/g, "x")}\n`,
      );
      await assert.rejects(
        geocodeCsv(ls, { input, output: `${dir}/out.${ext}` }),
        pattern,
      );
      assert.equal(await exists(`${dir}/out.${ext}`), false);
    };
    await refused(
      "address,address",
      "csv",
      /has 2 columns named "address" \(columns 1 and 2\), so which holds the address is ambiguous/,
    );
    await refused(
      "id,address,geocode_lat",
      "csv",
      /has a column named "geocode_lat", a name the output gives to a result: rename that column/,
    );
    await refused(
      "address,geocode_status",
      "geojson",
      /has a column named "geocode_status"/,
    );
    // Two columns of one name become one property in GeoJSON.
    await refused(
      "name,address,name",
      "geojson",
      /has 2 columns named "name" \(columns 1 and 3\), and a GeoJSON Feature's properties need distinct names/,
    );
    assert.equal(server.requests.length, 0);

    // The names the output used to take for itself are the input's own.
    await Deno.writeTextFile(
      input,
      "index,address,lat,lng,title,error,name,name\n7,Street 1,1,2,Dr,none,a,b\n",
    );
    await geocodeCsv(ls, { input, output });
    const [header, row] = parse(await Deno.readTextFile(output));
    assert.equal(new Set(header).size, header.length - 1); // "name" twice, as given
    assert.deepEqual(row.slice(0, 8), [
      "7",
      "Street 1",
      "1",
      "2",
      "Dr",
      "none",
      "a",
      "b",
    ]);
    assert.equal(row[header.indexOf("geocode_lat")], "48.1");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv names the right line after CRLF inside quoted fields, in a CR-only file, and in UTF-16", async () => {
  await using server = await geocoder();
  using ls = new LS({ apiKey: KEY, baseUrl: server.url });
  const dir = await Deno.makeTempDir();
  const input = `${dir}/in.csv`;
  const output = `${dir}/out.csv`;
  try {
    // A field of three lines joined by CRLF, then a blank line: the row
    // with the extra field is on line 6.
    await Deno.writeTextFile(
      input,
      'address,note\r\nA,"l1\r\nl2\r\nl3"\r\n\r\nB,x,EXTRA\r\n',
    );
    await assert.rejects(
      geocodeCsv(ls, { input, output }),
      /in\.csv line 6 has 3 fields/,
    );
    // Lines ended by a lone CR (an old Mac's CSV): a bad byte on line 4.
    const encoder = new TextEncoder();
    await Deno.writeFile(
      input,
      Uint8Array.from([
        ...encoder.encode("address\rA\rB\rC"),
        0xff,
        ...encoder.encode("\rD\r"),
      ]),
    );
    await assert.rejects(
      geocodeCsv(ls, { input, output }),
      /is not valid UTF-8 at line 4:/,
    );
    // UTF-16 with a lone surrogate on line 3, and on line 10,001.
    for (const line of [3, 10_001]) {
      const rows = Array.from({ length: line - 2 }, (_, i) => `Street ${i}`);
      const text = `address\n${rows.join("\n")}\nBad \uD800 row\n`;
      await Deno.writeFile(input, utf16(text, "le"));
      await assert.rejects(
        geocodeCsv(ls, { input, output }),
        new RegExp(`is not valid UTF-16LE at line ${line}:`),
      );
    }
    // A quote never closed: the file is named.
    await Deno.writeTextFile(input, 'address\nA\n"B\nC\n');
    await assert.rejects(
      geocodeCsv(ls, { input, output }),
      /in\.csv cannot be read as CSV: Quote Not Closed/,
    );
    assert.equal(server.requests.length, 0);
    assert.equal(await exists(output), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv refuses an input that is a pipe or a folder, since it reads the input twice", async () => {
  await using server = await geocoder();
  const dir = await Deno.makeTempDir();
  try {
    // A named pipe, as a shell's `<(...)` gives.
    const fifo = `${dir}/in.fifo`;
    const made = await new Deno.Command("mkfifo", { args: [fifo] }).output()
      .catch(() => undefined);
    if (made?.code === 0) {
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-net=127.0.0.1",
          "--allow-read",
          "--allow-write",
          "--allow-env",
          `${ROOT}scripts/geocode_csv.ts`,
          "--base-url",
          server.url,
          fifo,
          `${dir}/out.csv`,
        ],
        env: { HERE_API_KEY: KEY, NO_COLOR: "1" },
        clearEnv: true,
        stdout: "null",
        stderr: "piped",
      }).spawn();
      const pipe = await Deno.open(fifo, { write: true });
      await pipe.write(new TextEncoder().encode("address\nBerlin\nParis\n"))
        .catch(() => 0);
      pipe.close();
      const out = await child.output();
      const stderr = new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 1, stderr);
      assert.match(
        stderr,
        /in\.fifo is not a regular file \(a pipe, a device or a folder\): the input is read twice, so save it to a file first/,
      );
    }
    using ls = new LS({ apiKey: KEY, baseUrl: server.url });
    await assert.rejects(
      geocodeCsv(ls, { input: dir, output: `${dir}/out.csv` }),
      /is not a regular file/,
    );
    await assert.rejects(
      geocodeCsv(ls, {
        input: new URL("https://example.com/in.csv"),
        output: `${dir}/out.csv`,
      }),
      /https:\/\/example\.com\/in\.csv is not a file: give a path or a file: URL/,
    );
    assert.equal(server.requests.length, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv stops when the input changes while it is geocoded, and on an abort while it is checked", async () => {
  const dir = await Deno.makeTempDir();
  const input = `${dir}/in.csv`;
  const rows = 60_000; // some 1.4 MB: more than is read ahead
  await Deno.writeTextFile(
    input,
    "address\n" +
      Array.from({ length: rows }, (_, i) => `Street ${i} Berlin\n`).join(""),
  );
  const server = await startTestServer();
  let cut = false;
  server.route("GET /v1/geocode", async (req) => {
    if (!cut) {
      cut = true;
      // The first request: the checks are done; cut the file in half.
      const file = await Deno.open(input, { write: true });
      await file.truncate(100_000);
      file.close();
    }
    return Response.json({
      items: [{
        title: req.query.get("q"),
        position: { lat: 1, lng: 2 },
      }],
    });
  });
  try {
    using ls = new LS({ apiKey: KEY, baseUrl: server.url });
    await assert.rejects(
      geocodeCsv(ls, { input, output: `${dir}/out.csv`, concurrency: 64 }),
      /in\.csv changed while it was geocoded \(its length\)/,
    );
    const reason = new Error("stopped");
    await assert.rejects(
      geocodeCsv(ls, {
        input,
        output: `${dir}/other.csv`,
        signal: AbortSignal.abort(reason),
      }),
      (e) => e === reason,
    );
    assert.equal(await exists(`${dir}/other.csv`), false);
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv refuses a delimiter, an encoding or a base URL it cannot use as a usage error", async () => {
  await using server = await geocoder();
  const dir = await Deno.makeTempDir();
  try {
    const input = `${dir}/in.csv`;
    await Deno.writeTextFile(input, "address\nBerlin\n");
    for (
      const [args, pattern] of [
        [["-d", ""], /--delimiter must be one character/],
        [["-d", '"'], /--delimiter must be one character/],
        [["-d", "\n"], /--delimiter must be one character/],
        [["-d", ";;"], /--delimiter must be one character/],
        [["-e", "bogus"], /--encoding must be an encoding's label/],
      ] as const
    ) {
      const run = await command(server, [...args, input, `${dir}/out.csv`]);
      assert.equal(run.code, 2, `${args}: ${run.stderr}`);
      assert.match(run.stderr, pattern);
    }
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        "--allow-env",
        `${ROOT}scripts/geocode_csv.ts`,
        "--base-url",
        "notaurl",
        input,
        `${dir}/out.csv`,
      ],
      env: { HERE_API_KEY: KEY },
      clearEnv: true,
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 2);
    assert.match(
      new TextDecoder().decode(out.stderr),
      /--base-url must be a URL/,
    );
    assert.equal(server.requests.length, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
