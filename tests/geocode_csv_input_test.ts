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
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /Unknown encoding "klingon"/);
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
