import assert from "node:assert/strict";
import { ValueError } from "../errors/errors.ts";
import {
  formatBoolean,
  formatDateTime,
  formatInteger,
  formatNumber,
  validateLanguages,
} from "./format.ts";

Deno.test("formatNumber never uses exponent notation", () => {
  assert.equal(formatNumber(13.43), "13.43");
  assert.equal(formatNumber(10000), "10000");
  assert.equal(formatNumber(1e-7), "0.0000001");
  assert.equal(formatNumber(-1.5e-9), "-0.0000000015");
  assert.equal(formatNumber(1.2345e-7), "0.00000012345");
  assert.equal(formatNumber(1e21), "1000000000000000000000");
  assert.equal(formatNumber(1.5e22), "15000000000000000000000");
  assert.equal(formatNumber(-0), "0");
  assert.equal(formatNumber(52.5123456789), "52.5123456789");
  for (const bad of [NaN, Infinity, -Infinity, "1" as unknown as number]) {
    assert.throws(
      () => formatNumber(bad, "lat"),
      (e) => e instanceof ValueError && e.parameter === "lat",
    );
  }
});

Deno.test("formatInteger rejects fractions; formatBoolean is lowercase", () => {
  assert.equal(formatInteger(20, "limit"), "20");
  assert.throws(
    () => formatInteger(2.5, "limit"),
    /Invalid limit: must be an integer, got 2.5/,
  );
  assert.equal(formatBoolean(true), "true");
  assert.equal(formatBoolean(false), "false");
  assert.throws(
    () => formatBoolean("true" as unknown as boolean, "passThrough"),
    ValueError,
  );
});

Deno.test("formatDateTime: Date gets an offset; strings are validated", () => {
  const d = new Date(Date.UTC(2024, 4, 1, 6, 30, 0));
  const s = formatDateTime(d, "departureTime");
  assert.match(s, /^2024-05-0[12]T\d\d:\d\d:00(Z|[+-]\d\d:\d\d)$/);
  assert.equal(new Date(s).getTime(), d.getTime());
  const ms = formatDateTime(new Date(Date.UTC(2024, 4, 1, 6, 30, 0, 250)));
  assert.equal(new Date(ms).getTime(), Date.UTC(2024, 4, 1, 6, 30, 0, 250));
  assert.equal(
    formatDateTime("2024-05-01T08:30:00+02:00"),
    "2024-05-01T08:30:00+02:00",
  );
  assert.equal(
    formatDateTime("2024-05-01T06:30:00.5Z"),
    "2024-05-01T06:30:00.5Z",
  );
  assert.equal(
    formatDateTime("any", "departureTime", { allowAny: true }),
    "any",
  );
  assert.equal(
    formatDateTime("2024-05-01T08:30:00", "departureTime", {
      allowLocal: true,
    }),
    "2024-05-01T08:30:00",
  );
  assert.throws(
    () => formatDateTime("any", "arrivalTime"),
    /does not accept "any"/,
  );
  assert.throws(
    () => formatDateTime("2024-05-01T08:30:00", "t"),
    /time zone offset/,
  );
  assert.throws(() => formatDateTime("2024-13-01T08:30:00Z", "t"), ValueError);
  assert.throws(() => formatDateTime("tomorrow", "t"), ValueError);
  assert.throws(() => formatDateTime(new Date(NaN), "t"), /valid Date/);
  assert.throws(
    () => formatDateTime(123 as unknown as string, "t"),
    ValueError,
  );
});

Deno.test("validateLanguages accepts tags and lists, names the bad element", () => {
  assert.deepEqual(validateLanguages("en-US"), ["en-US"]);
  assert.deepEqual(validateLanguages(["de", "en"], "lang"), ["de", "en"]);
  assert.throws(
    () => validateLanguages([], "lang"),
    (e) => e instanceof ValueError && e.parameter === "lang",
  );
  assert.throws(
    () => validateLanguages(["de", "en US"], "lang"),
    (e) => e instanceof ValueError && e.parameter === "lang[1]",
  );
  assert.throws(() => validateLanguages("", "language"), /BCP 47/);
});

Deno.test("validateLanguages refuses a list with holes, naming the first", () => {
  // A hole is skipped by forEach and sent as an empty tag (lang=de,,en).
  // deno-lint-ignore no-sparse-arrays
  const sparse = ["de", , "en"] as string[];
  assert.throws(
    () => validateLanguages(sparse, "lang"),
    (e) => e instanceof ValueError && e.parameter === "lang[1]",
  );
  assert.throws(
    () => validateLanguages(new Array<string>(3), "lang"),
    (e) => e instanceof ValueError && e.parameter === "lang[0]",
  );
});
