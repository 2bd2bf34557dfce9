import assert from "node:assert/strict";
import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
import { LS } from "./mod.ts";

Deno.test("places along a car route: from carRoute to discover and browse with route, paged without repeats", async () => {
  await using sandbox = await startSandbox();
  const ls = new LS({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
  const route = await ls.carRoute({
    origin: [52.52, 13.405],
    destination: [52.39, 13.06],
    returnResults: ["polyline"],
  });
  const first = await ls.discover({
    query: "restaurant",
    route,
    routeWidth: 2000,
    limit: 5,
  });
  assert.equal(first.items.length, 5);
  const second = await ls.discover({
    query: "restaurant",
    route,
    routeWidth: 2000,
    limit: 5,
    offset: 5,
  });
  const ids = [...first.items, ...second.items].map((i) => i.id);
  assert.equal(new Set(ids).size, ids.length);
  const browsed = await ls.browse({ route, routeWidth: 2000, limit: 3 });
  assert.ok(browsed.items.length > 0);
});
