// scripts/geocode_csv.ts resuming: an output cut at every byte keeps every
// complete row, rows that failed for a reason that may pass are done again,
// and a full disk is reported with the file and the rows that are safe.

import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import {
  jsonReply,
  type RecordedRequest,
  startTestServer,
  type TestServer,
} from "@ls/core/testing";
import { LS } from "@ls/ls";
import { geocodeCsv, type RowStatus } from "../scripts/geocode_csv.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const KEY = "resume-test-key-0123456789";

/**
 * A geocoder on loopback: a query that starts with a word of `failing`
 * gets that status, `Nowhere` no match, anything else one position that
 * follows from the query.
 */
async function geocoder(
  failing: Map<string, number> = new Map(),
): Promise<TestServer> {
  const server = await startTestServer();
  server.route("GET /v1/geocode", (req, n, signal) => {
    const q = req.query.get("q")!;
    const status = failing.get(q.split(" ")[0]);
    if (status !== undefined) {
      return jsonReply(status, { title: "Refused", status })(req, n, signal);
    }
    if (q.startsWith("Nowhere")) return Response.json({ items: [] });
    let hash = 0;
    for (const c of q) hash = (hash * 31 + c.codePointAt(0)!) % 10_000;
    return Response.json({
      items: [{
        title: `${q}, Germany`,
        resultType: "houseNumber",
        position: { lat: 50 + hash / 10_000, lng: 10 + hash / 20_000 },
      }],
    });
  });
  return server;
}

/** The addresses sent, sorted. */
function sent(requests: RecordedRequest[]): string[] {
  return requests.map((r) => r.query.get("q")!).sort();
}

/** The records of a CSV output after its header, sorted by index. */
function outputRows(text: string): string[][] {
  const [header, ...rows]: string[][] = parse(text);
  const at = header.indexOf("geocode_index");
  assert.ok(at >= 0, "the output has its header");
  return rows.sort((a, b) => Number(a[at]) - Number(b[at]));
}

/** The records of a CSV text with the byte offset after each. */
function recordEnds(bytes: Uint8Array): number[] {
  const text = new TextDecoder().decode(bytes);
  const records = parse(text, { info: true }) as unknown as {
    info: { bytes: number };
  }[];
  return records.map((r) => r.info.bytes);
}

Deno.test("geocode_csv resumes an output cut at any byte, inside quoted multi-line fields too, keeping every complete row", async () => {
  await using server = await geocoder();
  using ls = new LS({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 });
  const dir = await Deno.makeTempDir();
  try {
    const input = `${dir}/in.csv`;
    // Notes that span lines, hold quotes, delimiters and a blank line, and
    // one that ends in a newline: a cut after any of those newlines is
    // inside a quoted field.
    const notes = [
      "first line\nsecond line",
      'said "hi",\nthen left\n',
      "a\n\nb",
      "plain",
      '"quoted"\n"twice"',
      "Café, Müller\r\nzweite Zeile",
    ];
    await Deno.writeTextFile(
      input,
      stringify([
        ["id", "address", "note"],
        ...notes.map((note, i) => [`${i}`, `Street ${i}, Berlin`, note]),
      ]),
    );
    const whole = `${dir}/whole.csv`;
    const first = await geocodeCsv(ls, {
      input,
      output: whole,
      concurrency: 1,
    });
    assert.equal(first.found, notes.length);
    const bytes = await Deno.readFile(whole);
    const expected = outputRows(new TextDecoder().decode(bytes));
    // ends[0] is the header's end, ends[i] the end of the i-th row.
    const ends = recordEnds(bytes);
    assert.equal(ends.length, notes.length + 1);
    assert.equal(ends.at(-1), bytes.length);

    const output = `${dir}/out.csv`;
    for (let cut = ends[0]; cut <= bytes.length; cut++) {
      await Deno.writeFile(output, bytes.subarray(0, cut));
      const complete = ends.slice(1).filter((end) => end <= cut).length;
      const before = server.requests.length;
      const summary = await geocodeCsv(ls, { input, output });
      const what = `cut at byte ${cut} of ${bytes.length}`;
      assert.equal(summary.skipped, complete, what);
      assert.equal(summary.geocoded, notes.length - complete, what);
      assert.equal(
        server.requests.length - before,
        notes.length - complete,
        what,
      );
      const text = await Deno.readTextFile(output);
      // The rows kept are the first `complete` rows, byte for byte.
      assert.ok(
        text.startsWith(
          new TextDecoder().decode(bytes.subarray(0, ends[complete])),
        ),
        what,
      );
      assert.deepEqual(outputRows(text), expected, what);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv does again on resume the rows that failed for a reason that may pass, and with --retry-failed the others", async () => {
  const failing = new Map([["Busy", 503], ["Flooded", 429], ["Bad", 400]]);
  await using server = await geocoder(failing);
  using ls = new LS({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 });
  const dir = await Deno.makeTempDir();
  try {
    const input = `${dir}/in.csv`;
    const addresses = [
      "Busy 1", // 503: may pass
      "Street 1",
      "Flooded 1", // 429: may pass
      "Bad 1", // 400: for good
      "Nowhere 1", // no match: for good
      "Busy 2",
    ];
    await Deno.writeTextFile(
      input,
      stringify([["address"], ...addresses.map((a) => [a])]),
    );
    for (const ext of ["csv", "geojson"]) {
      const output = `${dir}/out.${ext}`;
      /** Each row's status in the output, by address. */
      const statuses = async (): Promise<Record<string, RowStatus>> => {
        const text = await Deno.readTextFile(output);
        if (ext === "csv") {
          const [header, ...rows]: string[][] = parse(text);
          assert.equal(rows.length, addresses.length, "each row once");
          const at = header.indexOf("geocode_status");
          return Object.fromEntries(
            rows.map((r) => [r[0], r[at] as RowStatus]),
          );
        }
        // Parsed whole: the commas between Features are right.
        const { features } = JSON.parse(text);
        assert.equal(features.length, addresses.length, "each row once");
        return Object.fromEntries(
          features.map((f: { properties: Record<string, string> }) => [
            f.properties.address,
            f.properties.geocode_status as RowStatus,
          ]),
        );
      };

      failing.set("Busy", 503).set("Flooded", 429);
      const first = await geocodeCsv(ls, { input, output, concurrency: 1 });
      assert.deepEqual(
        [first.found, first.notFound, first.failed, first.failedTemporarily],
        [1, 1, 4, 3],
      );
      assert.deepEqual(await statuses(), {
        "Busy 1": "failed_temporarily",
        "Street 1": "found",
        "Flooded 1": "failed_temporarily",
        "Bad 1": "failed",
        "Nowhere 1": "no_match",
        "Busy 2": "failed_temporarily",
      });

      // The service is back: only the rows that may pass are sent again,
      // and each replaces its failed row.
      failing.delete("Busy");
      failing.delete("Flooded");
      let before = server.requests.length;
      const second = await geocodeCsv(ls, { input, output });
      assert.deepEqual(sent(server.requests.slice(before)), [
        "Busy 1",
        "Busy 2",
        "Flooded 1",
      ]);
      assert.equal(second.skipped, 3);
      assert.deepEqual(await statuses(), {
        "Busy 1": "found",
        "Street 1": "found",
        "Flooded 1": "found",
        "Bad 1": "failed",
        "Nowhere 1": "no_match",
        "Busy 2": "found",
      });

      // Nothing may pass now: nothing is sent.
      before = server.requests.length;
      const third = await geocodeCsv(ls, { input, output });
      assert.equal(server.requests.length, before);
      assert.equal(third.skipped, addresses.length);

      // --retry-failed: the rows that failed for good are tried again.
      failing.delete("Bad");
      const fourth = await geocodeCsv(ls, { input, output, retryFailed: true });
      assert.deepEqual(sent(server.requests.slice(before)), [
        "Bad 1",
        "Nowhere 1",
      ]);
      assert.equal(fourth.skipped, 4);
      assert.equal((await statuses())["Bad 1"], "found");
      failing.set("Bad", 400);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv run against a server that is down writes temporary failures, and the next run does them all", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const input = `${dir}/in.csv`;
    const addresses = Array.from({ length: 12 }, (_, i) => `Street ${i}`);
    await Deno.writeTextFile(
      input,
      stringify([["address"], ...addresses.map((a) => [a])]),
    );
    const output = `${dir}/out.csv`;
    // A port nothing listens on: every call is a ConnectionError.
    const closed = await startTestServer();
    const downUrl = closed.url;
    await closed.close();
    {
      using down = new LS({ apiKey: KEY, baseUrl: downUrl, maxRetries: 0 });
      const first = await geocodeCsv(down, { input, output });
      assert.equal(first.failed, addresses.length);
      assert.equal(first.failedTemporarily, addresses.length);
      const [header, ...rows]: string[][] = parse(
        await Deno.readTextFile(output),
      );
      const at = header.indexOf("geocode_status");
      assert.ok(rows.every((r) => r[at] === "failed_temporarily"));
      assert.match(
        rows[0][header.indexOf("geocode_error")],
        /^ConnectionError: /,
      );
    }
    await using server = await geocoder();
    using up = new LS({ apiKey: KEY, baseUrl: server.url });
    const second = await geocodeCsv(up, { input, output });
    assert.equal(second.skipped, 0);
    assert.equal(second.found, addresses.length);
    assert.deepEqual(sent(server.requests), [...addresses].sort());
    const rows = outputRows(await Deno.readTextFile(output));
    assert.equal(rows.length, addresses.length);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Mounts a tmpfs of `size` at a new folder, or `undefined` if it cannot. */
async function smallDisk(size: string): Promise<string | undefined> {
  if (Deno.build.os !== "linux") return undefined;
  const dir = await Deno.makeTempDir();
  try {
    const { code } = await new Deno.Command("mount", {
      args: ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir],
      stdout: "null",
      stderr: "null",
    }).output();
    if (code === 0) return dir;
  } catch {
    // No mount command, or no permission to run it.
  }
  await Deno.remove(dir);
  return undefined;
}

async function run(command: string, ...args: string[]): Promise<void> {
  const { code } = await new Deno.Command(command, {
    args,
    stdout: "null",
    stderr: "null",
  }).output();
  assert.equal(code, 0, `${command} ${args.join(" ")}`);
}

const probe = await smallDisk("64k");
if (probe) {
  await run("umount", probe);
  await Deno.remove(probe);
}

Deno.test({
  name:
    "geocode_csv on a full disk says so, names the output and the rows that are safe, and resumes once there is room",
  // Mounting a small disk takes root on Linux.
  ignore: probe === undefined,
  fn: async () => {
    await using server = await geocoder();
    using ls = new LS({ apiKey: KEY, baseUrl: server.url });
    const dir = await Deno.makeTempDir();
    const disk = (await smallDisk("16k"))!;
    try {
      const input = `${dir}/in.csv`;
      const rows = 150; // about 100 bytes each: more than 16 KiB
      await Deno.writeTextFile(
        input,
        stringify([
          ["address", "note"],
          ...Array.from({ length: rows }, (_, i) => [
            `Street ${i}, Berlin`,
            `a note\nthat spans two lines, row ${i}`,
          ]),
        ]),
      );
      for (const ext of ["csv", "geojson"]) {
        const output = `${disk}/out.${ext}`;
        const error = await geocodeCsv(ls, { input, output }).then(
          () => assert.fail("the disk is not full"),
          (e: unknown) => e as Error,
        );
        const message = error.message;
        const match = message.match(
          /^Could not write to (.*): the disk is full\. The (\d+) rows written before are safe in it: free some space, then run again with the same output to resume$/,
        );
        assert.ok(match, message);
        assert.equal(match[1], output);
        const safe = Number(match[2]);
        assert.ok(safe > 10 && safe < rows, message);
        // The rows said to be safe are in the file, whole.
        await run("mount", "-o", "remount,size=4m", disk);
        const summary = await geocodeCsv(ls, { input, output });
        assert.equal(summary.skipped, safe);
        assert.equal(summary.geocoded, rows - safe);
        const text = await Deno.readTextFile(output);
        const indices = ext === "csv"
          ? outputRows(text).map((r) => Number(r[2]))
          : JSON.parse(text).features.map((f: { id: number }) => f.id);
        assert.deepEqual(
          indices.sort((a: number, b: number) => a - b),
          Array.from({ length: rows }, (_, i) => i),
        );
        await Deno.remove(output);
        await run("mount", "-o", "remount,size=16k", disk);
      }

      // The command prints the message, not a TypeError.
      const cliOutput = `${disk}/cli.csv`;
      const cli = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-net=127.0.0.1",
          "--allow-read",
          "--allow-write",
          "--allow-env",
          `${ROOT}scripts/geocode_csv.ts`,
          "--base-url",
          server.url,
          input,
          cliOutput,
        ],
        env: { HERE_API_KEY: KEY, NO_COLOR: "1" },
        clearEnv: true,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stderr = new TextDecoder().decode(cli.stderr);
      assert.equal(cli.code, 1, stderr);
      assert.match(
        stderr,
        /Error: Could not write to .*cli\.csv: the disk is full\. The \d+ rows written before are safe in it/,
      );
      assert.doesNotMatch(stderr, /TypeError|Writable stream/);
    } finally {
      await run("umount", disk);
      await Deno.remove(disk);
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("geocode_csv resumes an output an editor saved with CRLF or a byte order mark, CSV and GeoJSON", async () => {
  await using server = await geocoder();
  using ls = new LS({ apiKey: KEY, baseUrl: server.url });
  const dir = await Deno.makeTempDir();
  try {
    const input = `${dir}/in.csv`;
    const addresses = Array.from({ length: 6 }, (_, i) => `Street ${i}`);
    await Deno.writeTextFile(
      input,
      stringify([["address", "note"], ...addresses.map((a) => [a, "x\ny"])]),
    );
    const saves: [string, (text: string) => string][] = [
      ["crlf.csv", (t) => t.replace(/\n/g, "\r\n")],
      ["bom.csv", (t) => `\uFEFF${t}`],
      ["crlf.geojson", (t) => t.replace(/\n/g, "\r\n")],
    ];
    for (const [name, save] of saves) {
      const output = `${dir}/${name}`;
      await geocodeCsv(ls, { input, output });
      // Saved by an editor with four rows, then resumed three times.
      const text = await Deno.readTextFile(output);
      const kept = text.split("\n").slice(0, name.endsWith(".csv") ? 9 : 5);
      await Deno.writeTextFile(output, save(kept.join("\n") + "\n"));
      const before = server.requests.length;
      const first = await geocodeCsv(ls, { input, output });
      assert.equal(first.skipped, 4, name);
      assert.equal(server.requests.length - before, 2, name);
      for (let run = 0; run < 2; run++) {
        const again = await geocodeCsv(ls, { input, output });
        assert.equal(again.skipped, addresses.length, name);
      }
      assert.equal(server.requests.length - before, 2, name);
      const result = await Deno.readTextFile(output);
      const count = name.endsWith(".csv")
        ? parse(result, { bom: true, record_delimiter: ["\r\n", "\n"] })
          .length - 1
        : JSON.parse(result).features.length;
      assert.equal(count, addresses.length, name);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv stops at a refused key without writing its row, and counts an unreadable success body as temporary", async () => {
  const server = await startTestServer();
  let mode: "refuse" | "portal" | "up" = "refuse";
  server.route("GET /v1/geocode", (req, n, signal) => {
    if (mode === "refuse") {
      return jsonReply(401, { error: "Unauthorized" })(req, n, signal);
    }
    if (mode === "portal") {
      return new Response("<html>Sign in to the Wi-Fi</html>", {
        headers: { "content-type": "text/html" },
      });
    }
    return Response.json({
      items: [{ title: "x", position: { lat: 1, lng: 2 } }],
    });
  });
  const dir = await Deno.makeTempDir();
  try {
    using ls = new LS({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 });
    const input = `${dir}/in.csv`;
    const rows = 20;
    await Deno.writeTextFile(
      input,
      "address\n" + Array.from({ length: rows }, (_, i) => `S ${i}\n`).join(""),
    );
    const output = `${dir}/out.csv`;
    await assert.rejects(
      geocodeCsv(ls, { input, output, concurrency: 1 }),
      /^Error: HERE refused the credentials \(.*401.*\): the run stopped, and no row was written for it/,
    );
    assert.equal(server.requests.length, 1, "the run stopped at once");
    assert.deepEqual(outputRows(await Deno.readTextFile(output)), []);

    mode = "portal";
    const portal = await geocodeCsv(ls, { input, output, concurrency: 1 });
    assert.equal(portal.failedTemporarily, rows);
    mode = "up";
    const up = await geocodeCsv(ls, { input, output });
    assert.equal(up.found, rows);
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv rewrites an output through its link, keeps its permissions, and never writes through a leftover", async () => {
  const failing = new Map([["Busy", 503]]);
  await using server = await geocoder(failing);
  using ls = new LS({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 });
  const dir = await Deno.makeTempDir();
  try {
    const input = `${dir}/in.csv`;
    await Deno.writeTextFile(input, "address\nBusy 1\nStreet 2\nBusy 3\n");
    const real = `${dir}/real.csv`;
    const link = `${dir}/link.csv`;
    await geocodeCsv(ls, { input, output: real });
    await Deno.chmod(real, 0o600);
    await Deno.symlink(real, link);
    // A leftover of a killed rewrite that is a link to another file.
    const victim = `${dir}/victim.txt`;
    await Deno.writeTextFile(victim, "keep me");
    await Deno.symlink(victim, `${real}.resume`);

    failing.delete("Busy");
    const summary = await geocodeCsv(ls, { input, output: link });
    assert.equal(summary.found, 2);
    assert.equal((await Deno.lstat(link)).isSymlink, true);
    assert.equal((await Deno.lstat(real)).isFile, true);
    assert.equal((await Deno.stat(real)).mode! & 0o777, 0o600);
    assert.equal(await Deno.readTextFile(victim), "keep me");
    const rows = outputRows(await Deno.readTextFile(link));
    assert.deepEqual(rows.map((r) => r[2]), ["found", "found", "found"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("geocode_csv refuses a second run on an output another run is writing", async () => {
  const server = await startTestServer();
  const dir = await Deno.makeTempDir();
  let release = () => {};
  try {
    using ls = new LS({ apiKey: KEY, baseUrl: server.url });
    const input = `${dir}/in.csv`;
    await Deno.writeTextFile(input, "address\nStreet 1\n");
    for (const ext of ["csv", "geojson"]) {
      const output = `${dir}/out.${ext}`;
      const held = new Promise<void>((resolve) => release = resolve);
      let first!: Promise<unknown>;
      // The first run holds the output while its one request waits.
      await new Promise<void>((started) => {
        server.route("GET /v1/geocode", async () => {
          started();
          await held;
          return Response.json({ items: [] });
        });
        first = geocodeCsv(ls, { input, output });
      });
      await assert.rejects(
        geocodeCsv(ls, { input, output }),
        new RegExp(
          `Another run is writing to .*out\\.${ext}: wait for it to end`,
        ),
      );
      release();
      await first;
      // Once it has ended, the next run may go.
      const next = await geocodeCsv(ls, { input, output });
      assert.equal(next.skipped, 1);
    }
  } finally {
    release();
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name:
    "geocode_csv on a disk too full to take rows out of the output leaves it as it was, and says how much room it needs",
  ignore: probe === undefined,
  fn: async () => {
    const failing = new Map([["Busy", 503]]);
    await using server = await geocoder(failing);
    using ls = new LS({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 });
    const dir = await Deno.makeTempDir();
    const disk = (await smallDisk("32k"))!;
    try {
      const input = `${dir}/in.csv`;
      await Deno.writeTextFile(
        input,
        "address\n" +
          Array.from(
            { length: 60 },
            (_, i) => `Busy street ${i} with a long name\n`,
          )
            .join(""),
      );
      const output = `${disk}/out.csv`;
      await geocodeCsv(ls, { input, output });
      const before = await Deno.readFile(output);
      // Fill the rest of the disk.
      const filler = await Deno.open(`${disk}/filler`, {
        create: true,
        write: true,
      });
      try {
        for (;;) await filler.write(new Uint8Array(4096));
      } catch {
        // Full.
      }
      filler.close();
      failing.delete("Busy");
      await assert.rejects(
        geocodeCsv(ls, { input, output }),
        /^Error: Could not take the rows to do again out of .*out\.csv: the disk is full\. It is as it was, and its 60 rows are safe: free some space beside it \(the rewrite needs about \d+ KiB for a copy\)/,
      );
      assert.deepEqual(await Deno.readFile(output), before);
      await Deno.remove(`${disk}/filler`);
      const summary = await geocodeCsv(ls, { input, output });
      assert.equal(summary.found, 60);
    } finally {
      await run("umount", disk);
      await Deno.remove(disk);
      await Deno.remove(dir, { recursive: true });
    }
  },
});
