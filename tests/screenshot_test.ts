// `deno task screenshot --out PATH` runs the demo and photographs its map in
// headless Chromium: a 1200×800 PNG that shows the map's background and the
// car route.
import assert from "node:assert/strict";
import { findChromium } from "../scripts/screenshot.ts";

const chromium = findChromium();

/** Width and height from a PNG's IHDR chunk, which must come first. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert.deepEqual([...bytes.subarray(0, 8)], signature, "not a PNG");
  assert.equal(new TextDecoder().decode(bytes.subarray(12, 16)), "IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * How many pixels have each colour (`#rrggbb`) of an 8-bit RGB or RGBA,
 * non-interlaced PNG: Chromium's screenshots.
 */
async function colourCounts(
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Map<string, number>> {
  const { width, height } = pngSize(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const [depth, type, , , interlace] = bytes.subarray(24, 29);
  assert.equal(depth, 8);
  assert.ok(type === 2 || type === 6, `colour type ${type}`);
  assert.equal(interlace, 0);
  const bpp = type === 2 ? 3 : 4;
  const idat: Uint8Array<ArrayBuffer>[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = view.getUint32(at);
    const name = new TextDecoder().decode(bytes.subarray(at + 4, at + 8));
    if (name === "IDAT") idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = new Uint8Array(
    await new Response(
      new Blob(idat).stream().pipeThrough(new DecompressionStream("deflate")),
    ).arrayBuffer(),
  );
  const stride = width * bpp;
  assert.equal(raw.length, height * (stride + 1));
  const counts = new Map<string, number>();
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.slice(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? row[i - bpp] : 0, b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [
          Math.abs(p - a),
          Math.abs(p - b),
          Math.abs(p - c),
        ];
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      row[i] = (row[i] + predictor) & 0xff;
    }
    for (let i = 0; i < stride; i += bpp) {
      const hex = "#" +
        [row[i], row[i + 1], row[i + 2]].map((v) =>
          v.toString(16).padStart(2, "0")
        ).join("");
      counts.set(hex, (counts.get(hex) ?? 0) + 1);
    }
    prev = row;
  }
  return counts;
}

Deno.test({
  name: "deno task screenshot photographs the demo's map into a PNG",
  // A user's machine may lack Chromium; CI installs it and must run this.
  ignore: chromium === undefined && !Deno.env.get("CI"),
  async fn() {
    if (!chromium) throw new Error("chromium-headless-shell is not installed");
    const root = new URL("../", import.meta.url).pathname;
    const dir = await Deno.makeTempDir();
    try {
      const env = Deno.env.toObject();
      delete env.HERE_API_KEY;
      // A folder that does not exist yet: the script makes it.
      const out = `${dir}/images/map.png`;
      const { code, stdout, stderr } = await new Deno.Command(
        Deno.execPath(),
        {
          args: ["task", "--quiet", "screenshot", "--out", out],
          cwd: root,
          env: { ...env, NO_COLOR: "1" },
          clearEnv: true,
          stdout: "piped",
          stderr: "piped",
        },
      ).output();
      const text = new TextDecoder().decode(stdout) +
        new TextDecoder().decode(stderr);
      assert.equal(code, 0, text);
      assert.match(text, /^solveTourPlanning\s/m, "the demo ran");
      assert.match(text, /Wrote .*map\.png \(1200×800, \d+ kB\)/);

      const png = await Deno.readFile(out);
      assert.deepEqual(pngSize(png), { width: 1200, height: 800 });
      const counts = await colourCounts(png);
      const count = (hex: string) => counts.get(hex) ?? 0;
      // The map, not an error page: its background covers much of the
      // picture, and the car route is drawn on it.
      assert.ok(count("#f2efe9") > 1200 * 800 / 5, `${count("#f2efe9")}`);
      assert.ok(count("#1f4fd6") > 100, `${count("#1f4fd6")} route pixels`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("deno task screenshot refuses a flag it does not know", async () => {
  const root = new URL("../", import.meta.url).pathname;
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "screenshot", "--out=x.png", "--reuse=yes"],
    cwd: root,
    env: { NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(code, 2);
  assert.match(new TextDecoder().decode(stderr), /--reuse.*\n.*Usage:/s);
});
