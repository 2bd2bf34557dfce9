// Each entry of search's wire-name tables, given as a parameter, is refused
// before any request with a ValueError that names our parameter.

import assert from "node:assert/strict";
import { ValueError } from "@ls/core";
import { startTestServer, testClient } from "@ls/core/testing";
import {
  autosuggest,
  AUTOSUGGEST_WIRE_NAMES,
  browse,
  BROWSE_WIRE_NAMES,
  discover,
  DISCOVER_WIRE_NAMES,
  lookup,
  LOOKUP_WIRE_NAMES,
} from "./mod.ts";

const AT: [number, number] = [52.5, 13.4];

Deno.test("every search wire name is refused naming ours, before any request", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  const operations = [
    {
      table: DISCOVER_WIRE_NAMES,
      call: (extra: object) =>
        discover(client, {
          query: "coffee",
          center: AT,
          radius: 100,
          ...extra,
        }),
    },
    {
      table: BROWSE_WIRE_NAMES,
      call: (extra: object) => browse(client, { center: AT, ...extra }),
    },
    {
      table: LOOKUP_WIRE_NAMES,
      call: (extra: object) =>
        lookup(client, { locationId: "here:pds:x", ...extra }),
    },
    {
      table: AUTOSUGGEST_WIRE_NAMES,
      call: (extra: object) =>
        autosuggest(client, { query: "res", at: AT, ...extra }),
    },
  ];
  let entries = 0;
  for (const { table, call } of operations) {
    assert.ok(Object.keys(table).length > 0);
    for (const [wire, ours] of Object.entries(table)) {
      entries++;
      await assert.rejects(() => call({ [wire]: "x" }), (e: unknown) => {
        assert.ok(e instanceof ValueError, `${wire}: ${e}`);
        assert.equal(e.parameter, wire);
        assert.ok(
          e.message.includes(`did you mean ${JSON.stringify(ours)}?`),
          e.message,
        );
        return true;
      });
    }
  }
  assert.equal(
    entries,
    Object.keys(DISCOVER_WIRE_NAMES).length +
      Object.keys(BROWSE_WIRE_NAMES).length +
      Object.keys(LOOKUP_WIRE_NAMES).length +
      Object.keys(AUTOSUGGEST_WIRE_NAMES).length,
  );
  assert.equal(server.requests.length, 0);
});
