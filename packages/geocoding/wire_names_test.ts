// Each entry of geocoding's wire-name tables, given as a parameter, is
// refused before any request with a ValueError that names our parameter.

import assert from "node:assert/strict";
import { ValueError } from "@ls/core";
import { startTestServer, testClient } from "@ls/core/testing";
import {
  geocode,
  GEOCODE_WIRE_NAMES,
  REVERSE_GEOCODE_WIRE_NAMES,
  reverseGeocode,
} from "./mod.ts";

Deno.test("every geocoding wire name is refused naming ours, before any request", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  const operations = [
    {
      table: GEOCODE_WIRE_NAMES,
      call: (extra: object) => geocode(client, { query: "Berlin", ...extra }),
    },
    {
      table: REVERSE_GEOCODE_WIRE_NAMES,
      call: (extra: object) =>
        reverseGeocode(client, { at: [52.5, 13.4], ...extra }),
    },
  ];
  let entries = 0;
  for (const { table, call } of operations) {
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
  assert.deepEqual(GEOCODE_WIRE_NAMES, {
    q: "query",
    qq: "qualifiedQuery",
    in: "countryCodes",
  });
  assert.deepEqual(REVERSE_GEOCODE_WIRE_NAMES, { in: "searchInCircle" });
  assert.equal(entries, 4);
  assert.equal(server.requests.length, 0);
});
