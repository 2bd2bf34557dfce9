// Conformance with HERE's OpenAPI definitions: for every operation, every
// parameter HERE lists (tests/conformance/here/<operation>.json) is produced
// by a client parameter under the same wire name, and every value of a
// closed set HERE lists is accepted and sent as HERE spells it. A parameter
// the client does not model yet is named in its operation's `pending` list;
// the test that nothing is pending stays ignored until the list is empty.

import assert from "node:assert/strict";
import type {
  OperationCases,
  ParamCase,
  Params,
} from "./conformance/_cases.ts";

interface HereParam {
  name: string;
  type: string;
  values?: string[];
  aliasOf?: string;
}

const OPERATIONS = [
  "routes",
  "isolines",
  "geocode",
  "revgeocode",
  "discover",
  "browse",
  "autosuggest",
  "lookup",
  "autocomplete",
] as const;

/** Every `name=value` of a query string, names decoded. */
function entries(spec: { query?: { toString(): string } }): [string, string][] {
  const text = spec.query?.toString() ?? "";
  if (text === "") return [];
  return text.split("&").map((pair) => {
    const at = pair.indexOf("=");
    return [decodeURIComponent(pair.slice(0, at)), pair.slice(at + 1)];
  });
}

function sent(c: OperationCases, p: ParamCase, params: Params) {
  return entries((p.build ?? c.build)({ ...c.base, ...params }));
}

for (const op of OPERATIONS) {
  const here: { parameters: HereParam[] } = JSON.parse(
    await Deno.readTextFile(
      new URL(`./conformance/here/${op}.json`, import.meta.url),
    ),
  );
  const { default: c }: { default: OperationCases } = await import(
    `./conformance/${op}_cases.ts`
  );
  const names = new Set(here.parameters.map((p) => p.name));
  const own = here.parameters.filter((p) => p.aliasOf === undefined);

  Deno.test(`conformance ${op}: each HERE parameter is modelled or pending, not both`, () => {
    for (const p of own) {
      const modelled = p.name in c.cases;
      const pending = c.pending.includes(p.name);
      assert.ok(
        modelled !== pending,
        `${op}: ${p.name} is ${
          modelled
            ? "both modelled and pending"
            : "neither modelled nor pending"
        }`,
      );
    }
    for (const name of [...Object.keys(c.cases), ...c.pending]) {
      assert.ok(
        names.has(name),
        `${op}: ${name} is not a parameter HERE lists`,
      );
    }
  });

  Deno.test(`conformance ${op}: each modelled parameter is sent under HERE's name`, () => {
    for (const [name, p] of Object.entries(c.cases)) {
      const got = sent(c, p, p.params);
      for (const [key] of got) {
        assert.ok(
          names.has(key),
          `${op}: the client sent ${key}, which HERE does not list`,
        );
      }
      const values = got.filter(([key]) => key === name).map(([, v]) => v);
      assert.ok(
        values.includes(p.wire),
        `${op}: ${name} sent as ${JSON.stringify(values)}, not ${
          JSON.stringify(p.wire)
        }`,
      );
    }
  });

  Deno.test(`conformance ${op}: each closed set HERE lists is accepted whole`, () => {
    for (const h of own) {
      const p = c.cases[h.name];
      if (!h.values || !p) continue;
      assert.ok(
        p.value,
        `${op}: ${h.name} has HERE values ${
          h.values.join(",")
        } but no case for them`,
      );
      for (const v of h.values) {
        const got = sent(c, p, p.value(v)).filter(([key]) => key === h.name);
        assert.ok(
          got.some(([, w]) =>
            decodeURIComponent(w).split(/[,;|]/).includes(v) ||
            decodeURIComponent(w) === v
          ),
          `${op}: ${h.name}=${v} was sent as ${JSON.stringify(got)}`,
        );
      }
    }
  });

  Deno.test({
    name:
      `conformance ${op}: every HERE parameter is modelled (${c.pending.length} pending)`,
    ignore: c.pending.length > 0,
    fn() {
      assert.deepEqual(c.pending, []);
    },
  });
}
