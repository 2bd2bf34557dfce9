// JSON of the wrong shape: seeded mutations of the sandbox's real answers,
// and a walk over every getter and argument-less method of a response object.

import { faultServer, makeLS, raw } from "./_harness.ts";
import type { Op } from "./_ops.ts";
import type { Random } from "./_random.ts";

const WEIRD: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  "",
  "x",
  "2024-13-45T99:99:99Z",
  true,
  [],
  {},
  [null],
  [1, "a", null],
  { type: "Nope" },
  { lat: "north", lng: null },
  "a".repeat(5_000),
];

/** Paths to every node of a JSON tree (at most `limit`). */
function paths(value: unknown, limit = 5_000): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (out.length >= limit) return;
    out.push(path);
    if (Array.isArray(v)) {
      v.slice(0, 20).forEach((x, i) => walk(x, [...path, i]));
    } else if (typeof v === "object" && v !== null) {
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    }
  };
  walk(value, []);
  return out;
}

/** A copy of `body` with 1 to 3 nodes replaced by weird values, or deleted. */
export function mutate(body: unknown, rng: Random): unknown {
  let copy = structuredClone(body);
  const n = rng.int(1, 3);
  for (let i = 0; i < n; i++) {
    const all = paths(copy);
    const path = rng.pick(all);
    if (path.length === 0) {
      copy = rng.pick(WEIRD);
      continue;
    }
    let parent = copy as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) {
      parent = parent[key] as Record<string | number, unknown>;
    }
    const last = path[path.length - 1];
    if (!Array.isArray(parent) && rng.chance(0.25)) delete parent[last];
    else parent[last] = structuredClone(rng.pick(WEIRD));
  }
  return copy;
}

/** Calls every getter and every argument-less method of a response object. */
export function touchAll(value: unknown): void {
  if (typeof value !== "object" || value === null) return;
  JSON.stringify(value);
  for (
    let proto = Object.getPrototypeOf(value);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (
      const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))
    ) {
      if (key === "constructor") continue;
      if (d.get) {
        const got = d.get.call(value);
        JSON.stringify(got, (_k, v) => (typeof v === "bigint" ? String(v) : v));
      } else if (typeof d.value === "function" && d.value.length === 0) {
        JSON.stringify(d.value.call(value));
      }
    }
  }
}

/** Captures the sandbox's real answer to `op.example()`. */
export async function realBody(op: Op, sandboxUrl: string): Promise<unknown> {
  await using proxy = await faultServer();
  let captured: unknown;
  const forward = async (
    req: { method: string; path: string; rawQuery: string; bodyText: string },
  ) => {
    const res = await fetch(`${sandboxUrl}${req.path}?${req.rawQuery}`, {
      method: req.method,
      headers: { "content-type": "application/json" },
      body: req.method === "POST" ? req.bodyText : undefined,
    });
    const text = await res.text();
    captured = JSON.parse(text);
    return raw(res.status, text, { "content-type": "application/json" });
  };
  proxy.route("GET /*", forward);
  proxy.route("POST /*", forward);
  await op.call(makeLS(proxy.url), op.example());
  return captured;
}
