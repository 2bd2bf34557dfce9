import assert from "node:assert/strict";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

Deno.test("autocomplete completes a place name, without positions, ids usable with lookup", async () => {
  await using sandbox = await startSandbox();
  const res = await call(sandbox, "/v1/autocomplete?q=Berl&in=countryCode:DEU");
  assert.equal(res.status, 200);
  const items = res.body.items;
  assert.equal(items.length, 5); // HERE's default limit
  assert.equal(items[0].address.city, "Berlin");
  assert.deepEqual(items[0].highlights.title, [{ start: 0, end: 4 }]);
  for (const item of items) {
    assert.equal(item.position, undefined);
    assert.equal(item.address.countryCode, "DEU");
  }
  const looked = await call(
    sandbox,
    `/v1/lookup?id=${encodeURIComponent(items[0].id)}`,
  );
  assert.equal(looked.body.address.city, "Berlin");
  assert.ok(looked.body.position);
});

Deno.test("autocomplete completes streets in a named place, with show blocks", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    "/v1/autocomplete?q=Berlin%20Main%2012&show=streetInfo,hasRelatedMPA&limit=1",
  );
  const [item] = res.body.items;
  assert.equal(item.resultType, "houseNumber");
  assert.equal(item.address.street, "Main Street");
  assert.equal(item.address.houseNumber, "12");
  assert.equal(item.streetInfo[0].baseName, "Main");
  assert.equal(typeof item.hasRelatedMPA, "boolean");
  const reversed = await call(
    sandbox,
    "/v1/autocomplete?q=Market%20St,%20Potsdam&limit=1",
  );
  assert.equal(reversed.body.items[0].address.city, "Potsdam");
  assert.equal(reversed.body.items[0].resultType, "street");
});

Deno.test("autocomplete restricts types and resolves postal codes by postalCodeMode", async () => {
  await using sandbox = await startSandbox();
  const cities = await call(
    sandbox,
    "/v1/autocomplete?q=Berlin&types=city&limit=20",
  );
  for (const item of cities.body.items) {
    assert.equal(item.localityType, "city");
  }
  const codes = await call(
    sandbox,
    "/v1/autocomplete?q=10&types=postalCode&in=countryCode:DEU&postalCodeMode=cityLookup",
  );
  assert.ok(codes.body.items.length > 0);
  for (const item of codes.body.items) {
    assert.equal(item.resultType, "postalCodePoint");
    assert.match(item.address.postalCode, /^10/);
    assert.equal(item.address.district, undefined);
  }
});

Deno.test("autocomplete answers HERE's 400s for bad input", async () => {
  await using sandbox = await startSandbox();
  const cases: [string, string][] = [
    ["", "Required parameter 'q' is missing"],
    ["q=Ber&limit=21", "Illegal input for parameter 'limit'"],
    ["q=Ber&types=street", "Illegal input for parameter 'types'"],
    ["q=Ber&postalCodeMode=x", "Illegal input for parameter 'postalCodeMode'"],
    ["q=Ber&show=tz", "Illegal input for parameter 'show'"],
    [
      "q=Ber&at=52,13&in=circle:52,13;r=100",
      "Illegal input for parameter 'in'",
    ],
    ["q=Ber&politicalView=in", "Illegal input for parameter 'politicalView'"],
  ];
  for (const [query, title] of cases) {
    const res = await call(sandbox, `/v1/autocomplete?${query}`);
    assert.equal(res.status, 400, query);
    assert.equal(res.body.title, title, query);
  }
});
