// scripts/geocode_csv.ts, run as a command against the sandbox: the rows it
// writes, and a rerun that geocodes only the rows missing from the output.

import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import {
  jsonReply,
  type RecordedRequest,
  startTestServer,
  type TestServer,
} from "@ls/core/testing";
import { buildGeocodeRequest } from "@ls/geocoding";
import { LS } from "@ls/ls";
import {
  createSandboxHandler,
  SANDBOX_API_KEY,
  type SandboxHandler,
  startSandbox,
} from "@ls/sandbox";
import {
  geocodeCsv as geocodeCsvFile,
  type GeocodeCsvProgress,
  progressLine,
  RESULT_COLUMNS,
} from "../scripts/geocode_csv.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const SAMPLE = `${ROOT}examples/data/addresses.csv`;
const SAMPLE_ROWS: string[][] = parse(await Deno.readTextFile(SAMPLE));
const [SAMPLE_HEADER, ...SAMPLE_DATA] = SAMPLE_ROWS;
const ADDRESS = SAMPLE_HEADER.indexOf("address");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command with the sandbox's key as the environment's credential. */
async function geocodeCsv(args: string[]): Promise<Run> {
  const env: Record<string, string> = {
    ...Deno.env.toObject(),
    NO_COLOR: "1",
    HERE_API_KEY: SANDBOX_API_KEY,
  };
  for (
    const name of [
      "LS_API_KEY",
      "HERE_ACCESS_KEY_ID",
      "HERE_ACCESS_KEY",
      "HERE_ACCESS_KEY_SECRET",
      "HERE_ACCESS_SECRET",
    ]
  ) delete env[name];
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net=127.0.0.1",
      "--allow-read",
      "--allow-write",
      "--allow-env",
      `${ROOT}scripts/geocode_csv.ts`,
      ...args,
    ],
    cwd: ROOT,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    code: out.code,
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
}

/**
 * A loopback server that records each request and answers it with the
 * sandbox's handler: the sandbox's answers, with the exact queries seen.
 */
async function recordingSandbox(): Promise<
  TestServer & { sandbox: SandboxHandler }
> {
  const server = await startTestServer();
  const sandbox = createSandboxHandler();
  server.route("GET /v1/geocode", (req) => sandbox.fetch(new Request(req.url)));
  const stop = server.close;
  const close = async () => {
    await stop();
    sandbox.close();
  };
  return Object.assign(server, {
    sandbox,
    close,
    [Symbol.asyncDispose]: close,
  });
}

/** The query the command sends for an address. */
function expectedQuery(address: string): string {
  const query = buildGeocodeRequest({ query: address, limit: 1 }).query;
  return `${query}&apiKey=${SANDBOX_API_KEY}`;
}

/** The addresses of the requests, sorted. */
function addressesOf(requests: RecordedRequest[]): string[] {
  return requests.map((r) => r.query.get("q")!).sort();
}

/** Drops the last `n` lines of a file. */
async function dropLastLines(path: string, n: number): Promise<string[]> {
  const lines = (await Deno.readTextFile(path)).split("\n");
  const last = lines.pop();
  assert.equal(last, "", "the file ends with a newline");
  const dropped = lines.splice(lines.length - n, n);
  await Deno.writeTextFile(path, lines.map((l) => `${l}\n`).join(""));
  return dropped;
}

Deno.test("geocode_csv writes every row to a CSV, and a rerun geocodes only the rows missing from it", async () => {
  await using server = await recordingSandbox();
  const dir = await Deno.makeTempDir();
  const output = `${dir}/out.csv`;
  try {
    const first = await geocodeCsv([
      "--base-url",
      server.url,
      "-n",
      "4",
      SAMPLE,
      output,
    ]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(
      first.stdout,
      /^Geocoded 20 of 20 rows .*: 20 found, 0 not found, 0 failed; 0 already there/,
    );
    // One request per row, exactly as geocode sends it.
    assert.equal(server.requests.length, 20);
    const expected = SAMPLE_DATA.map((row) => expectedQuery(row[ADDRESS]));
    assert.deepEqual(
      server.requests.map((r) => `${r.method} ${r.path}?${r.rawQuery}`).sort(),
      expected.map((q) => `GET /v1/geocode?${q}`).sort(),
    );

    const [header, ...rows] = parse(await Deno.readTextFile(output));
    assert.deepEqual(header, [...SAMPLE_HEADER, ...RESULT_COLUMNS]);
    assert.equal(rows.length, 20);
    const at = (name: string) => header.indexOf(name);
    // Each row: the input's columns as given, then the best match.
    using ls = new LS({ apiKey: SANDBOX_API_KEY, baseUrl: server.url });
    const byIndex = new Map<number, string[]>();
    for (const row of rows) {
      const index = Number(row[at("geocode_index")]);
      assert.ok(!byIndex.has(index), `row ${index} is written once`);
      byIndex.set(index, row);
      assert.deepEqual(
        row.slice(0, SAMPLE_HEADER.length),
        SAMPLE_DATA[index],
      );
      const best = (await ls.geocode({
        query: SAMPLE_DATA[index][ADDRESS],
        limit: 1,
      })).items[0];
      assert.deepEqual(
        [
          row[at("geocode_status")],
          Number(row[at("geocode_lat")]),
          Number(row[at("geocode_lng")]),
          row[at("geocode_title")],
          row[at("geocode_resultType")],
          row[at("geocode_error")],
        ],
        [
          "found",
          best.position!.lat,
          best.position!.lng,
          best.title,
          best.resultType,
          "",
        ],
      );
    }
    assert.deepEqual(
      [...byIndex.keys()].sort((a, b) => a - b),
      Array.from({ length: 20 }, (_, i) => i),
    );

    // Rows lost from the end of the output (an interrupted run, or deleted
    // by hand), plus half a row: the rerun geocodes those rows only.
    const dropped = (await dropLastLines(output, 5)).map((line) =>
      parse(line)[0] as string[]
    );
    await Deno.writeTextFile(output, '4,Hotel Adlon,"Unter den', {
      append: true,
    });
    const before = server.requests.length;
    const second = await geocodeCsv(["--base-url", server.url, SAMPLE, output]);
    assert.equal(second.code, 0, second.stderr);
    assert.match(
      second.stdout,
      /^Geocoded 5 of 20 rows .*: 5 found, 0 not found, 0 failed; 15 already there/,
    );
    const rerun = server.requests.slice(before);
    assert.deepEqual(
      addressesOf(rerun),
      dropped.map((row) => row[ADDRESS]).sort(),
    );

    const [again, ...complete] = parse(await Deno.readTextFile(output));
    assert.deepEqual(again, header);
    assert.equal(complete.length, 20);
    assert.deepEqual(
      complete.sort((a: string[], b: string[]) =>
        Number(a[at("geocode_index")]) - Number(b[at("geocode_index")])
      ),
      [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, row]) => row),
    );

    // Nothing missing: nothing sent.
    const third = await geocodeCsv(["--base-url", server.url, SAMPLE, output]);
    assert.equal(third.code, 0, third.stderr);
    assert.match(third.stdout, /^Geocoded 0 of 20 rows .* 20 already there/);
    assert.equal(server.requests.length, before + 5);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv writes GeoJSON with the in-process sandbox, and resumes a file left open", async () => {
  const dir = await Deno.makeTempDir();
  const output = `${dir}/out.geojson`;
  try {
    const first = await geocodeCsv(["--sandbox", SAMPLE, output]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /with the offline sandbox at http:\/\/127/);
    const collection = JSON.parse(await Deno.readTextFile(output));
    assert.equal(collection.type, "FeatureCollection");
    assert.equal(collection.features.length, 20);
    const features = [...collection.features].sort((a, b) => a.id - b.id);
    assert.deepEqual(
      features.map((f) => f.id),
      Array.from({ length: 20 }, (_, i) => i),
    );
    const [naturkunde] = features;
    assert.deepEqual(naturkunde.properties, {
      id: "1",
      name: "Museum für Naturkunde",
      address: "Invalidenstraße 43, 10115 Berlin",
      geocode_index: 0,
      geocode_status: "found",
      geocode_title: naturkunde.properties.geocode_title,
      geocode_resultType: "houseNumber",
      geocode_error: null,
    });
    assert.match(
      naturkunde.properties.geocode_title,
      /^Invalidenstraße 43, .*Berlin/,
    );
    assert.equal(naturkunde.geometry.type, "Point");
    const [lng, lat] = naturkunde.geometry.coordinates;
    assert.ok(Math.abs(lat - 52.52) < 0.2 && Math.abs(lng - 13.4) < 0.3);

    // A killed run: no closing line, the last three Features missing, and
    // a Feature cut in half.
    const dropped = await dropLastLines(output, 4);
    assert.equal(dropped[3], "]}");
    await Deno.writeTextFile(output, ',{"type":"Feature","id":', {
      append: true,
    });
    await using server = await recordingSandbox();
    const second = await geocodeCsv(["--base-url", server.url, SAMPLE, output]);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /^Geocoded 3 of 20 rows .* 17 already there/);
    const lost = dropped.slice(0, 3).map((line) =>
      JSON.parse(line.replace(/^,/, "")).properties.address
    );
    assert.deepEqual(addressesOf(server.requests), lost.sort());
    const complete = JSON.parse(await Deno.readTextFile(output));
    assert.deepEqual(
      [...complete.features].sort((a, b) => a.id - b.id),
      features,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv writes a row's error or missing match, joins columns, and takes a delimiter", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", (req, n, signal) => {
    const q = req.query.get("q")!;
    if (q.startsWith("Refused")) {
      return jsonReply(400, { title: "Malformed request", status: 400 })(
        req,
        n,
        signal,
      );
    }
    const items = q.startsWith("Nowhere") ? [] : [{
      title: `${q}, Germany`,
      resultType: "houseNumber",
      position: { lat: 52.5, lng: 13.4 },
    }];
    return Response.json({ items });
  });
  const dir = await Deno.makeTempDir();
  const input = `${dir}/in.csv`;
  const output = `${dir}/out.csv`;
  await Deno.writeTextFile(
    input,
    [
      "street;city",
      "Invalidenstraße 43;Berlin",
      ";",
      "Nowhere 1;Atlantis",
      "Refused 1;Berlin",
      "",
    ].join("\n"),
  );
  try {
    const run = await geocodeCsv([
      "--base-url",
      server.url,
      "-c",
      "street",
      "-c",
      "city",
      "-d",
      ";",
      input,
      output,
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^Geocoded 4 of 4 rows .*: 1 found, 1 not found, 2 failed; 0 already there/,
    );
    // The blank row was refused before any request.
    assert.deepEqual(addressesOf(server.requests), [
      "Invalidenstraße 43, Berlin",
      "Nowhere 1, Atlantis",
      "Refused 1, Berlin",
    ]);
    const [header, ...rows] = parse(await Deno.readTextFile(output), {
      delimiter: ";",
    });
    assert.deepEqual(header, ["street", "city", ...RESULT_COLUMNS]);
    const byIndex = rows.sort((a: string[], b: string[]) =>
      Number(a[2]) - Number(b[2])
    );
    assert.deepEqual(byIndex[0], [
      "Invalidenstraße 43",
      "Berlin",
      "0",
      "found",
      "52.5",
      "13.4",
      "Invalidenstraße 43, Berlin, Germany",
      "houseNumber",
      "",
    ]);
    assert.deepEqual(byIndex[1].slice(0, 8), [
      "",
      "",
      "1",
      "failed",
      "",
      "",
      "",
      "",
    ]);
    assert.match(byIndex[1][8], /^ValueError: Invalid query: /);
    assert.deepEqual(byIndex[2].slice(2), [
      "2",
      "no_match",
      "",
      "",
      "",
      "",
      "No match found",
    ]);
    // A 400 is for good: "failed", not done again.
    assert.equal(byIndex[3][3], "failed");
    assert.match(byIndex[3][8], /^BadRequestError: .*400/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv refuses bad flags, a missing column and an output of other columns", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const flag = await geocodeCsv(["--bogus", SAMPLE, `${dir}/a.csv`]);
    assert.equal(flag.code, 2);
    assert.match(flag.stderr, /Unknown option '--bogus'[\s\S]*Usage:/);

    const concurrency = await geocodeCsv(["-n", "0", SAMPLE, `${dir}/a.csv`]);
    assert.equal(concurrency.code, 2);
    assert.match(
      concurrency.stderr,
      /--concurrency must be a positive integer/,
    );

    const format = await geocodeCsv([SAMPLE, `${dir}/a.txt`]);
    assert.equal(format.code, 2);
    assert.match(format.stderr, /Cannot tell the format of .*a\.txt/);

    const column = await geocodeCsv(["-c", "street", SAMPLE, `${dir}/a.csv`]);
    assert.equal(column.code, 1);
    // Refused before anything was written.
    await assert.rejects(Deno.stat(`${dir}/a.csv`), Deno.errors.NotFound);
    assert.match(
      column.stderr,
      /has no column "street"; its columns are "id", "name", "address"/,
    );

    const other = `${dir}/other.csv`;
    await Deno.writeTextFile(other, "a,b\n1,2\n");
    const mismatch = await geocodeCsv(["--sandbox", SAMPLE, other]);
    assert.equal(mismatch.code, 1);
    assert.match(
      mismatch.stderr,
      /does not start with the columns this run writes/,
    );
    assert.equal(await Deno.readTextFile(other), "a,b\n1,2\n");
    const notOurs = `${dir}/notes.geojson`;
    await Deno.writeTextFile(notOurs, '{"type":"Feature"}');
    const geojson = await geocodeCsv(["--sandbox", SAMPLE, notOurs]);
    assert.equal(geojson.code, 1);
    assert.match(
      geojson.stderr,
      /is not a FeatureCollection this script wrote/,
    );
    assert.equal(await Deno.readTextFile(notOurs), '{"type":"Feature"}');
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv starts again an output cut off inside its first line, CSV and GeoJSON", async () => {
  await using sandbox = await startSandbox();
  using ls = new LS({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
  const dir = await Deno.makeTempDir();
  /** The rows of an output, by index: CSV records or GeoJSON Features. */
  const rowsOf = async (path: string): Promise<unknown[]> => {
    const text = await Deno.readTextFile(path);
    if (path.endsWith(".csv")) {
      const [header, ...records]: string[][] = parse(text);
      assert.deepEqual(header, [...SAMPLE_HEADER, ...RESULT_COLUMNS]);
      const at = header.indexOf("geocode_index");
      return records.sort((a, b) => Number(a[at]) - Number(b[at]));
    }
    const { type, features } = JSON.parse(text);
    assert.equal(type, "FeatureCollection");
    return features.sort((a: { id: number }, b: { id: number }) => a.id - b.id);
  };
  try {
    for (const ext of ["csv", "geojson"]) {
      const whole = `${dir}/whole.${ext}`;
      await geocodeCsvFile(ls, { input: SAMPLE, output: whole });
      const expected = await rowsOf(whole);
      assert.equal(expected.length, SAMPLE_DATA.length);
      const bytes = await Deno.readFile(whole);
      const firstLine = bytes.indexOf(0x0a) + 1;
      // Every cut inside the first line, up to all of it but its newline.
      for (let cut = 1; cut < firstLine; cut++) {
        const output = `${dir}/cut-${cut}.${ext}`;
        await Deno.writeFile(output, bytes.subarray(0, cut));
        const summary = await geocodeCsvFile(ls, { input: SAMPLE, output });
        assert.equal(summary.skipped, 0, `cut at ${cut}`);
        assert.equal(summary.geocoded, SAMPLE_DATA.length, `cut at ${cut}`);
        assert.deepEqual(await rowsOf(output), expected, `cut at ${cut}`);
      }
      // A first line that is not the start of this run's is not ours.
      const other = `${dir}/other.${ext}`;
      const notOurs = new TextDecoder().decode(bytes.subarray(0, 5)) + "x";
      await Deno.writeTextFile(other, notOurs);
      await assert.rejects(
        geocodeCsvFile(ls, { input: SAMPLE, output: other }),
        ext === "csv"
          ? /does not start with the columns this run writes/
          : /is not a FeatureCollection this script wrote/,
      );
      assert.equal(await Deno.readTextFile(other), notOurs);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv's progress bar shows done, failed, rate and time left", () => {
  const progress: GeocodeCsvProgress = {
    rows: 120,
    skipped: 20,
    done: 50,
    failed: 3,
    inFlight: 8,
    ratePerSecond: 12.5,
    etaMs: 4_000,
  };
  assert.equal(
    progressLine(progress, 10),
    "[#####.....]  50%  50/100 rows  3 failed  12.5/s  ETA 0:04",
  );
  assert.equal(
    progressLine({ ...progress, done: 100, etaMs: 3_725_000 }, 4),
    "[####] 100%  100/100 rows  3 failed  12.5/s  ETA 1:02:05",
  );
  assert.equal(
    progressLine({ ...progress, etaMs: undefined }, 2),
    "[#.]  50%  50/100 rows  3 failed  12.5/s",
  );
});

Deno.test("the sample CSV is all geocoded by the sandbox", async () => {
  await using sandbox = await startSandbox();
  using ls = new LS({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
  for (const row of SAMPLE_DATA) {
    const best = (await ls.geocode({ query: row[ADDRESS], limit: 1 }))
      .items[0];
    assert.equal(best?.resultType, "houseNumber", row[ADDRESS]);
  }
});
